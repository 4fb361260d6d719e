import { describe, expect, it } from 'vitest';
import { parseAdbServerAddress } from './adb-server-address.js';

describe('parseAdbServerAddress', () => {
  it('reads --adb-server HOST:PORT and ADB_SERVER_SOCKET tcp:HOST:PORT alike', () => {
    expect(parseAdbServerAddress('10.0.0.7:5038')).toEqual({ host: '10.0.0.7', port: 5038 });
    expect(parseAdbServerAddress('tcp:10.0.0.7:5038')).toEqual({ host: '10.0.0.7', port: 5038 });
    expect(parseAdbServerAddress('tcp:localhost:5037')).toEqual({ host: '127.0.0.1', port: 5037 });
    expect(parseAdbServerAddress('tcp:5039')).toEqual({ host: '127.0.0.1', port: 5039 });
    expect(parseAdbServerAddress('[::1]:5040')).toEqual({ host: '::1', port: 5040 });
  });

  it('says what is wrong with anything else', () => {
    expect(() => parseAdbServerAddress('localfilesystem:/tmp/adb')).toThrow(/only tcp/);
    expect(() => parseAdbServerAddress('host:99999')).toThrow(/is not HOST:PORT/);
    expect(() => parseAdbServerAddress('just-a-host')).toThrow(/is not HOST:PORT/);
  });
});
