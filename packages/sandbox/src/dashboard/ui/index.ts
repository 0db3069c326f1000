/** The dashboard's script, which only its page loads: defines <sandbox-dashboard> and its views. */
import './csp-nonce.js';
import './sandbox-dashboard.js';
