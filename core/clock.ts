/** The current time in whole Unix seconds, as the data model stores it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
