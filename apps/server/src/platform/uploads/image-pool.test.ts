import { describe, expect, it } from 'vitest';
import { noisyJpeg, noisyPng } from '../../../test/fixtures/uploads/image-fixtures';
import { createImagePool } from './image-pool';
import { sanitiseImage } from './image-sanitiser';

describe('the image pool', () => {
  it('answers what sanitiseImage answers, for several images at once and for a refusal', async () => {
    const pool = createImagePool(2);
    try {
      const images = [noisyPng(200, 150, 1), noisyJpeg(220, 160, 2), noisyPng(90, 90, 3)];
      const outcomes = await Promise.all(images.map((bytes, index) => pool.sanitise(bytes, index === 1 ? 'jpeg' : 'png')));
      outcomes.forEach((outcome, index) => {
        const direct = sanitiseImage(images[index]!, index === 1 ? 'jpeg' : 'png');
        expect(outcome).toEqual(direct);
      });
      expect(await pool.sanitise(Buffer.from('not an image at all'), 'png')).toMatchObject({ ok: false, reason: 'undecodable' });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('keeps the event loop free while a large image is re-encoded', async () => {
    const large = noisyJpeg(1600, 1200, 4);
    const pool = createImagePool(1);
    try {
      const gaps: number[] = [];
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }, 10);
      const started = performance.now();
      const outcome = await pool.sanitise(large, 'jpeg');
      const took = performance.now() - started;
      clearInterval(timer);
      expect(outcome).toMatchObject({ ok: true, width: 1600, height: 1200 });
      // The work took a while, and the loop kept ticking all along.
      expect(took).toBeGreaterThan(100);
      expect(Math.max(...gaps)).toBeLessThan(took / 2);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
