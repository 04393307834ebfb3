import { describe, expect, it } from 'vitest';
import { scriptSafeJson, viewerTimeZone } from './server-render.ts';
import { splitHoisted } from './page-shell.ts';

describe('pages rendered by the server (decision 024)', () => {
  it("moves a screen's leading title, meta and link elements to the head, marked", () => {
    const { head, body } = splitHoisted(
      '<title>Jobs | NearHire</title><meta name="description" content="d"/><link rel="canonical" href="https://x/jobs"/><div><h1>Jobs</h1><link rel="x"/></div>',
    );
    expect(head).toBe(
      '<title data-server-head="">Jobs | NearHire</title><meta data-server-head="" name="description" content="d"/><link data-server-head="" rel="canonical" href="https://x/jobs"/>',
    );
    // Only what leads: a link inside the markup stays where it is.
    expect(body).toBe('<div><h1>Jobs</h1><link rel="x"/></div>');
    expect(splitHoisted('<div>no head</div>')).toEqual({ head: '', body: '<div>no head</div>' });
  });

  it("keeps the last title and description: the screen's own, after the app's (ShellHead)", () => {
    const { head } = splitHoisted(
      '<title>NearHire · पास में सीधी भर्ती</title><meta name="description" content="app"/><title>Jobs | NearHire</title><meta name="description" content="page"/><link rel="canonical" href="https://x/jobs"/><div></div>',
    );
    expect(head).toBe(
      '<title data-server-head="">Jobs | NearHire</title><meta data-server-head="" name="description" content="page"/><link data-server-head="" rel="canonical" href="https://x/jobs"/>',
    );
  });

  it('writes state that no text can break out of', () => {
    const json = scriptSafeJson({ m: '</script><script>alert(1)</script>\u2028' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ m: '</script><script>alert(1)</script>\u2028' });
  });

  it("renders in the viewer's reported zone, or India's when it is missing or not a zone", () => {
    expect(viewerTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(viewerTimeZone(undefined)).toBe('Asia/Kolkata');
    expect(viewerTimeZone('Mars/Olympus')).toBe('Asia/Kolkata');
    expect(viewerTimeZone('x'.repeat(100))).toBe('Asia/Kolkata');
  });
});
