/** Paths of the captcha calls (spec §7), shared by the server's routes and the web's calls. */
export const captchaPaths = {
  /** POST: a proof-of-work challenge for one purpose. */
  challenge: '/cap/v1/action/send_captcha',
  /** POST: checks a solved challenge once and answers a short-lived, single-use captcha token. */
  verify: '/cap/v2/action/verify',
} as const;
