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
    padding: var(--_space-md);
    border-radius: var(--_radius-panel);
    border-inline-start: 4px solid var(--_primary);
    background: var(--_surface);
  }
  .approve p:last-child {
    margin-bottom: 0;
  }
  .instructions ol {
    margin: 0 0 var(--_space-sm);
    padding-inline-start: 1.25em;
  }
  .copy-all {
    display: grid;
    margin-top: var(--_space-md);
  }
  .redirect {
    display: grid;
    gap: var(--_space-sm);
    margin: var(--_space) 0;
  }
`;
