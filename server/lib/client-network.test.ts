import { describe, expect, it } from 'vitest';
import { clientNetwork, hashedNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as that IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const net = '2001:db8:1234:5678::/64';
    expect(clientNetwork('2001:db8:1234:5678::1')).toBe(net);
    expect(clientNetwork('2001:0db8:1234:5678:ffff:ffff:ffff:ffff')).toBe(net);
    expect(clientNetwork('2001:DB8:1234:5678:a:b:c:d')).toBe(net);
    expect(clientNetwork('2001:db8:1234:5679::1')).toBe('2001:db8:1234:5679::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientNetwork('not-an-ip')).toBe('not-an-ip');
  });
});

describe('hashedNetwork', () => {
  const secret = 'a-test-secret-of-thirty-two-chars!!';
  it('names a network, not an address: one /64 (or one IPv4) is one hash, keyed and bound to a purpose', () => {
    const h = hashedNetwork(secret, 'report-network', '2001:db8:1:2::1');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(hashedNetwork(secret, 'report-network', '2001:db8:1:2:ffff::9')).toBe(h);
    expect(hashedNetwork(secret, 'report-network', '2001:db8:1:3::1')).not.toBe(h);
    expect(hashedNetwork(secret, 'report-network', '::ffff:203.0.113.7')).toBe(
      hashedNetwork(secret, 'report-network', '203.0.113.7'),
    );
    expect(hashedNetwork(`${secret}x`, 'report-network', '2001:db8:1:2::1')).not.toBe(h);
    expect(hashedNetwork(secret, 'other', '2001:db8:1:2::1')).not.toBe(h);
  });
});
