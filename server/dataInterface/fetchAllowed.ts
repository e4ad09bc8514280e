import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { appError } from '../errors.js';

export interface OutboundPolicy {
  /** lower-case host or host:port entries; a URL's host must match one */
  hosts: string[];
  /** private, loopback and link-local addresses may be reached (an intranet service the operator named) */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** GET: appended to the query string; POST: sent as a JSON body */
  values: Record<string, unknown>;
}

const PRIVATE_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** Loopback, private, link-local, carrier-grade NAT, multicast or reserved (IPv4 and IPv6, mapped v4 included). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) {
    const n = v4Number(address);
    return PRIVATE_V4.some(([base, bits]) => n >>> (32 - bits) === v4Number(base) >>> (32 - bits));
  }
  if (family === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower);
  }
  return true;
}

/** The URL, if its scheme is http(s) and its host is on the allow-list (else "not allowed", the same for any reason). */
export function allowedUrl(raw: string, policy: Pick<OutboundPolicy, 'hosts'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw appError('CL_ERR_HTTP_HOST_REFUSED');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw appError('CL_ERR_HTTP_HOST_REFUSED');
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const withPort = url.port ? `${host}:${url.port}` : host;
  if (!policy.hosts.includes(host) && !policy.hosts.includes(withPort)) throw appError('CL_ERR_HTTP_HOST_REFUSED');
  return url;
}

/**
 * Calls an HTTP data interface (security.md §13): only a host on CLOUDLAB_DATA_INTERFACE_HOSTS; the name is
 * resolved by our own lookup, which refuses private, loopback and link-local addresses unless the operator
 * allowed them, and the connection goes to the address that lookup checked (no second resolution to rebind);
 * redirects are not followed; the answer is cut at a timeout and a size cap. Returns the parsed JSON answer.
 */
export async function fetchAllowed(request: OutboundRequest, policy: OutboundPolicy): Promise<unknown> {
  const url = allowedUrl(request.url, policy);
  if (request.method === 'GET') for (const [name, value] of Object.entries(request.values)) url.searchParams.set(name, value == null ? '' : String(value));
  const body = request.method === 'POST' ? JSON.stringify(request.values) : null;
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const usable = addresses.filter((a) => policy.allowPrivate || !isPrivateAddress(a.address));
      if (usable.length === 0) return callback(Object.assign(new Error('address refused'), { code: 'CLOUDLAB_ADDRESS_REFUSED' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !policy.allowPrivate && isPrivateAddress(literal)) throw appError('CL_ERR_HTTP_HOST_REFUSED');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<unknown>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        lookup,
        timeout: policy.timeoutMs,
        headers: {
          accept: 'application/json',
          ...request.headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        if ((res.statusCode ?? 0) >= 300) {
          res.resume();
          reject(appError('CL_ERR_HTTP_CALL_FAILED', { status: res.statusCode ?? 0 }));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            req.destroy();
            reject(appError('CL_ERR_HTTP_CALL_FAILED', { status: 'size' }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
          } catch {
            reject(appError('CL_ERR_HTTP_CALL_FAILED', { status: 'json' }));
          }
        });
        res.on('error', () => reject(appError('CL_ERR_HTTP_CALL_FAILED', { status: 'read' })));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), policy.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: Error & { code?: string }) => {
      clearTimeout(deadline);
      reject(error.code === 'CLOUDLAB_ADDRESS_REFUSED' ? appError('CL_ERR_HTTP_HOST_REFUSED') : appError('CL_ERR_HTTP_CALL_FAILED', { status: 'network' }));
    });
    if (body) req.write(body);
    req.end();
  });
}
