/**
 * The authenticator key of the demo super and admin accounts (decision 010), published like their passwords so the
 * README, the tests and a first-time visitor can sign in: add it to an app, or print the current code with
 * `npm run totp -- admin`. Production refuses to start while any account still uses it. A module of its own so the
 * browser tests can make codes without loading the server.
 */
export const DEMO_TOTP_SECRET = "SOLARDEMOKEYPUBLISHEDFORTESTSAAA";
