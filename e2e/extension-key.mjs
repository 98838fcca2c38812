// The browser suite's copy of the extension is given this public key (its manifest's `key`), so
// Chromium gives it the same id, and its writes the same Origin, on every run: what the suite's
// server may be told to allow. A public key only: nothing is signed with it.
export const TEST_EXTENSION_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsWkiLMo3kaYAoxw66dpQkeKWd5Iv1DjDRQ35VljfnFvLy0CHyeZ0q9+ZYic30OM6Ctun6WxmKw7G/ZYIWlVokQZ92z2qROH3hlK4h41wQGyo8w+CzmhWhRSZZaKWjbHofjHtEJo6Z9zkhUdnCMHEYF3d1u4MRfUu0fzmhYwb/aqmrKqBP7I7PFJZxZQLvQJtaZMK83KutgB3q96EEBS+Zx1qo/B3iCq/j2fWWW7WKtcj57m0JM2KbCi5KZGZB8AvVOMoK+ncFK02Gl6+93A1gzKsOEe3i9s/NKPPuLO1hpR+9VAI/gRd9xpJGxWJ6JcbToZm+dW1XYXovB+ta6tRiwIDAQAB";
/** Chromium's id for that key: the first 128 bits of its SHA-256, each hex digit written a–p. */
export const TEST_EXTENSION_ID = "kflchlbmheibmadlidihiognppicaodd";
export const TEST_EXTENSION_ORIGIN = `chrome-extension://${TEST_EXTENSION_ID}`;
