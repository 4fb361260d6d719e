import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualIosDevice } from './ios-device.js';

describe('simctl uninstall on a virtual simulator', () => {
  it('removes the app data container and leaves nothing beside it; a second uninstall is a no-op', () => {
    const device = new VirtualIosDevice({ kind: 'simulator', dataRoot: mkdtempSync(join(tmpdir(), 'ios-uninstall-')) });
    const container = device.dataContainer('com.example.notes');
    writeFileSync(join(container, 'prefs.plist'), 'x');
    const other = device.dataContainer('com.example.other');
    device.uninstall('com.example.notes');
    expect(existsSync(container)).toBe(false);
    expect(readdirSync(dirname(container))).toEqual(['com.example.other']);
    expect(existsSync(other)).toBe(true);
    expect(() => device.uninstall('com.example.notes')).not.toThrow();
  });
});
