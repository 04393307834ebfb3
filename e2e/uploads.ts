import sharp from 'sharp';

// Files the journeys upload: a real PNG and the smallest PDF the server takes as one.

/** The smallest PDF the resume upload accepts. */
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

/** A 64×64 PNG in the app's teal (profile photos, company logos). */
export function makePng(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
}
