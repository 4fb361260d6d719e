import { describe, expect, it } from 'vitest';
import { connectWithLargeReads } from './large-reads.js';
import { maskingNeedless, tunnelSocketOptions } from './ws-options.js';

describe('tunnel WebSocket options', () => {
  it('masks with zeros only over TLS or on loopback', () => {
    const needless = (url: string) => maskingNeedless(new URL(url));
    expect(needless('wss://devicelab.example.com/tunnel/connect')).toBe(true);
    expect(needless('ws://127.0.0.1:8080/agent/tunnel')).toBe(true);
    expect(needless('ws://localhost:8080/agent/tunnel')).toBe(true);
    expect(needless('ws://[::1]:8080/agent/tunnel')).toBe(true);
    expect(needless('ws://devicelab.internal:8080/tunnel/connect')).toBe(false);
    expect(needless('ws://10.0.0.5:8080/tunnel/connect')).toBe(false);
    expect(needless('ws://127.evil.example/tunnel/connect')).toBe(false);
  });

  it('gives ws an all-zero mask where masking is needless, its random one elsewhere, and never compression', () => {
    const mask = Buffer.from([1, 2, 3, 4]);
    const local = tunnelSocketOptions(new URL('ws://127.0.0.1:1/'));
    local.generateMask!(mask);
    expect([...mask]).toEqual([0, 0, 0, 0]);
    expect(local.perMessageDeflate).toBe(false);
    expect(tunnelSocketOptions(new URL('ws://10.0.0.5:1/'))).toEqual({ perMessageDeflate: false, createConnection: connectWithLargeReads });
    // Over TLS the reads are TLS records: ws's own tls.connect.
    expect(tunnelSocketOptions(new URL('wss://devicelab.example.com/'))).toEqual({
      perMessageDeflate: false,
      generateMask: local.generateMask,
    });
  });
});
