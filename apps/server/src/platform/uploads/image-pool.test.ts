import { describe, expect, it } from 'vitest';
import { noisyJpeg, noisyPng } from '../../../test/fixtures/uploads/image-fixtures';
import { buildPdf } from '../../../test/fixtures/uploads/pdf-fixtures';
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

describe('the pool is bounded', () => {
  it('refuses new files with serviceUnavailable once its queue is full, and works the queued ones', async () => {
    const pool = createImagePool(1, { maxWaiting: 2 });
    try {
      const settled = await Promise.allSettled(Array.from({ length: 5 }, (_, index) => pool.sanitise(noisyPng(60, 60, index), 'png')));
      expect(settled.filter((each) => each.status === 'fulfilled' && each.value.ok)).toHaveLength(3);
      const refused = settled.filter((each): each is PromiseRejectedResult => each.status === 'rejected');
      expect(refused).toHaveLength(2);
      for (const each of refused) expect(each.reason).toMatchObject({ name: 'DomainError', key: 'serviceUnavailable' });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('refuses a file that runs past its time limit, ends that worker, and keeps working', async () => {
    const pool = createImagePool(1, { timeoutMs: { jpeg: 50 } });
    try {
      const large = noisyJpeg(1600, 1200, 5);
      const started = performance.now();
      expect(await pool.sanitise(large, 'jpeg')).toMatchObject({ ok: false, reason: 'undecodable' });
      expect(performance.now() - started).toBeLessThan(3000);
      // The next file gets a fresh worker and its own answer.
      expect(await pool.sanitise(noisyPng(90, 90, 6), 'png')).toMatchObject({ ok: true, width: 90, height: 90 });
      const pdf = buildPdf();
      expect(await pool.screenPdf(pdf)).toEqual({ ok: true, bytes: pdf });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
