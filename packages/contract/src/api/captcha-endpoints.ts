import { defineEndpoint } from './endpoint';
import { captchaChallengeBodySchema, captchaChallengeSchema, captchaTokenAnswerSchema, captchaVerifyBodySchema } from './captcha';
import { captchaPaths } from './captcha-paths';

const tags = ['captcha'];

/** The proof-of-work captcha (spec §7 `/cap/...`): anonymous, asked for after repeated failures. */
export const captchaEndpoints = {
  challenge: defineEndpoint({
    method: 'POST',
    path: captchaPaths.challenge,
    tags,
    summary: 'A proof-of-work challenge (ALTCHA) for one purpose',
    body: captchaChallengeBodySchema,
    response: captchaChallengeSchema,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: captchaPaths.verify,
    tags,
    summary: 'Verify a solved challenge once; answers a single-use captcha token for the same purpose',
    body: captchaVerifyBodySchema,
    response: captchaTokenAnswerSchema,
  }),
};
