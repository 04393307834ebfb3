import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-srcset.ts';

const id = '0b5f3c1e-7a2d-4c9b-8e1f-2a3b4c5d6e7f';

describe('imageSrcSet (issue 15: images at the size displayed)', () => {
  it('lists the 96, 192 and 384 px variants of an uploaded avatar or logo', () => {
    expect(imageSrcSet(`/media/public/u/${id}/avatar-9f8e7d.webp`)).toBe(
      `/media/public/u/${id}/avatar-9f8e7d-w96.webp 96w, ` +
        `/media/public/u/${id}/avatar-9f8e7d-w192.webp 192w, ` +
        `/media/public/u/${id}/avatar-9f8e7d-w384.webp 384w`,
    );
    // In the owner's random folder (decision 028), as every upload is now.
    const folder = '9d2c4b1a0f8e7d6c5b4a39281706f5e4';
    expect(imageSrcSet(`/media/public/m/${folder}/logo-abc123.webp`)).toBe(
      `/media/public/m/${folder}/logo-abc123-w96.webp 96w, ` +
        `/media/public/m/${folder}/logo-abc123-w192.webp 192w, ` +
        `/media/public/m/${folder}/logo-abc123-w384.webp 384w`,
    );
    expect(imageSrcSet(`/media/public/u/${id}/logo-abc123.webp`)).toMatch(
      /^\/media\/public\/u\/[^ ]+\/logo-abc123-w96\.webp 96w, .+-w192\.webp 192w, .+-w384\.webp 384w$/,
    );
  });

  it('gives nothing for URLs that are not our own uploads', () => {
    for (const url of [
      null,
      undefined,
      '',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://example.com/media/public/u/1/avatar-ab.webp',
      '/hero.svg',
      `/media/private/u/${id}/resume-ab.pdf`,
      `/media/public/u/${id}/avatar-ab-w96.webp`, // already a variant
      `/media/public/u/${id}/avatar-ab.png`,
      `/media/public/u/${id}/../avatar-ab.webp`,
    ]) {
      expect(imageSrcSet(url), String(url)).toBeUndefined();
    }
  });
});
