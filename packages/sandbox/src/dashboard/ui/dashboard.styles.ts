/**
 * What every part of the dashboard shares: its colours for light and dark (light-dark(), following
 * the reader's preference), text, buttons, tables, status badges and a visible focus. Each colour
 * pair meets WCAG AA contrast on the surface it is used on.
 */
import { css } from 'lit';

export const shared = css`
  :host {
    --bg: light-dark(#f6f7f9, #111418);
    --surface: light-dark(#ffffff, #1b2027);
    --text: light-dark(#1b1f24, #e6e9ee);
    --muted: light-dark(#4d5661, #a9b2bd);
    --border: light-dark(#8a939e, #5c6672);
    --rule: light-dark(#dde1e6, #2e353e);
    --accent: light-dark(#0b57d0, #8ab4f8);
    --on-accent: light-dark(#ffffff, #0b1220);
    --focus: light-dark(#1a56db, #a8c7fa);
    --ok: light-dark(#0a5c28, #8fdca8);
    --ok-bg: light-dark(#e3f3e8, #16301f);
    --bad: light-dark(#a11a1a, #ffb3ad);
    --bad-bg: light-dark(#fde8e7, #3a1a19);
    --warn: light-dark(#7a3e00, #ffc98a);
    --warn-bg: light-dark(#fdf0e1, #3a2812);
    --info: light-dark(#1f4e9e, #a8c7fa);
    --info-bg: light-dark(#e8f0fe, #1a2740);
    color-scheme: light dark;
    color: var(--text);
    font: 16px/1.5 system-ui, sans-serif;
  }
  * {
    box-sizing: border-box;
  }
  h1,
  h2,
  h3 {
    line-height: 1.25;
    margin: 0 0 0.5rem;
  }
  h2 {
    font-size: 1.25rem;
  }
  h3 {
    font-size: 1.05rem;
  }
  a {
    color: var(--accent);
  }
  :focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  /* A view's heading takes focus when the view opens, to start the reader there; it is not a control. */
  h2[tabindex='-1']:focus {
    outline: none;
  }
  button,
  select,
  input {
    font: inherit;
    color: var(--text);
    min-height: 2.5rem;
    border-radius: 0.375rem;
  }
  button {
    padding: 0.375rem 0.875rem;
    border: 1px solid var(--border);
    background: var(--surface);
    cursor: pointer;
  }
  button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--on-accent);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  select,
  input {
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--border);
    background: var(--surface);
  }
  label {
    display: inline-flex;
    flex-direction: column;
    gap: 0.125rem;
    font-size: 0.875rem;
    color: var(--muted);
  }
  .panel {
    background: var(--surface);
    border: 1px solid var(--rule);
    border-radius: 0.5rem;
    padding: 1rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.5rem;
  }
  .muted {
    color: var(--muted);
  }
  .message {
    min-height: 1.5rem;
    margin: 0.5rem 0 0;
  }
  .message.error {
    color: var(--bad);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9375rem;
  }
  caption {
    text-align: start;
    padding: 0 0 0.5rem;
    color: var(--muted);
  }
  th,
  td {
    text-align: start;
    vertical-align: top;
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid var(--rule);
  }
  th {
    font-weight: 600;
    white-space: nowrap;
  }
  code,
  pre {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.875rem;
  }
  pre {
    margin: 0;
    padding: 0.75rem;
    overflow: auto;
    max-height: 24rem;
    background: var(--bg);
    border-radius: 0.375rem;
  }
  .badge {
    display: inline-block;
    padding: 0 0.5rem;
    border-radius: 999px;
    font-size: 0.8125rem;
    font-weight: 600;
    white-space: nowrap;
    color: var(--info);
    background: var(--info-bg);
  }
  .badge.SUCCESS,
  .badge.ok {
    color: var(--ok);
    background: var(--ok-bg);
  }
  .badge.FAILED,
  .badge.bad {
    color: var(--bad);
    background: var(--bad-bg);
  }
  .badge.REFUSED,
  .badge.warn {
    color: var(--warn);
    background: var(--warn-bg);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
