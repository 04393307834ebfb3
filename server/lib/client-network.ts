import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for in every per-address limit: an IPv4 address itself
 * (an IPv4-mapped IPv6 address as that IPv4), and for IPv6 its /64. One subscriber, home or phone
 * holds a whole /64 (usually more), so keyed by the full address, anyone with IPv6 had 2^64 fresh
 * limits: 30 login codes an hour became as many as they cared to send (decision 028).
 * Unparseable input (an inject's test address) is its own key.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * The client's network as a keyed hash (HMAC-SHA256 with the server's secret, bound to a purpose),
 * for a row that must tell networks apart without holding an address: the IPv4 space is small
 * enough that a plain hash of an address is the address.
 */
export function hashedNetwork(secret: string, purpose: string, ip: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\0${clientNetwork(ip)}`)
    .digest('hex');
}
