import { css } from 'lit';

/**
 * The rules of trouble's views (trouble-views.ts): the note of a payment past its deadline. In
 * their chunk; the payin views adopt them beside their own (payment-views.styles.ts).
 */
export const styles = css`
  .expired-note {
    margin-bottom: var(--_space);
    padding: calc(var(--_space) * 0.75);
    border-radius: var(--_radius);
    border-inline-start: 4px solid var(--_warning);
    background: var(--_surface);
  }
  .expired-note p:last-child {
    margin-bottom: 0;
  }
`;
