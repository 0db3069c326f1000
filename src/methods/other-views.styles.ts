import { css } from 'lit';

/**
 * The rules of what only the views outside the QR family show (other-views.ts): a request to
 * approve on the phone (mobile money, a UPI collect request), the platform's instructions, "Copy
 * all details" and the redirect step. In their chunk; the payin views adopt them beside their own
 * (payment-views.styles.ts) when it arrives.
 */
export const styles = css`
  .approve {
    margin-bottom: var(--_space);
    padding: calc(var(--_space) * 0.75);
    border-radius: var(--_radius);
    border-inline-start: 4px solid var(--_primary);
    background: var(--_surface);
  }
  .approve p:last-child {
    margin-bottom: 0;
  }
  .instructions ol {
    margin: 0 0 calc(var(--_space) / 2);
    padding-inline-start: 1.25em;
  }
  .copy-all {
    display: grid;
    margin-top: calc(var(--_space) * 0.75);
  }
  .redirect {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: var(--_space) 0;
  }
`;
