import { describe, expect, it } from 'vitest';
import { parseShell, ShellSyntaxError, type SimpleCommand } from './shell-parser.js';
import { createVirtualDevice } from './virtual-device.js';

const words = (source: string, env: Record<string, string> = {}) =>
  (parseShell(source, env)[0]!.first.commands[0] as SimpleCommand).words.map((w) => w.text);

describe('shell parser', () => {
  it('unquotes the forms adbkit produces (_escape and _escapeCompat)', () => {
    // _escape: single quotes, with ' written as '"'"'
    expect(words(`input text 'it'"'"'s%sfine'`)).toEqual(['input', 'text', "it's%sfine"]);
    // _escapeCompat: double quotes with \\ before $ ` \\ ! "
    expect(words('pm install -r "/data/local/tmp/a \\"b\\" \\$c.apk"')).toEqual(['pm', 'install', '-r', '/data/local/tmp/a "b" $c.apk']);
    expect(words('echo a\\ b c')).toEqual(['echo', 'a b', 'c']);
  });

  it('expands variables outside single quotes only', () => {
    expect(words('echo $HOME "${HOME}x" \'$HOME\' $UNSET-', { HOME: '/' })).toEqual(['echo', '/', '/x', '$HOME', '-']);
  });

  it('parses operators, redirections, assignments and loops', () => {
    const [first, second] = parseShell(
      'A=1 monkey --port 1080 -v 2>/dev/null >/sdcard/o.txt && echo ok | grep o; while getprop x; do sleep 1; done',
    );
    const cmd = first!.first.commands[0] as SimpleCommand;
    expect(cmd.assignments).toEqual([['A', '1']]);
    expect(cmd.redirects).toEqual([
      { fd: 2, op: '>', target: '/dev/null' },
      { fd: 1, op: '>', target: '/sdcard/o.txt' },
    ]);
    expect(first!.rest[0]!.op).toBe('&&');
    expect(first!.rest[0]!.pipeline.commands).toHaveLength(2);
    expect(second!.first.commands[0]).toMatchObject({ kind: 'while', until: false });
    expect(parseShell('cmd 2>&1')[0]!.first.commands[0]).toMatchObject({ redirects: [{ fd: 2, op: 'dup', to: 1 }] });
  });

  it('rejects what mksh rejects', () => {
    expect(() => parseShell("echo 'open")).toThrow(ShellSyntaxError);
    expect(() => parseShell('while true; do echo')).toThrow("'newline' unexpected");
    expect(() => parseShell('echo a && ; echo b')).toThrow("';' unexpected");
  });
});

describe('shell execution on a device (in process)', () => {
  it('runs if/else, negation, && and || with exit statuses', async () => {
    const device = createVirtualDevice();
    expect(await device.shell('if ls /nope 2>/dev/null; then echo yes; else echo no; fi')).toBe('no\n');
    expect(await device.shell('! false && echo negated')).toBe('negated\n');
    expect(await device.shell('false || true && echo chain')).toBe('chain\n');
    expect(await device.shell('/system/bin/echo full path')).toBe('full path\n');
    expect(await device.shell('cmd package list packages -3 ; cmd nothing')).toBe("cmd: Can't find service: nothing\n");
  });

  it('expands globs against the virtual file system', async () => {
    const device = createVirtualDevice();
    await device.shell('touch /sdcard/a.png /sdcard/b.png /sdcard/c.txt');
    expect(await device.shell('ls /sdcard/*.png')).toBe('/sdcard/a.png\n/sdcard/b.png\n');
    expect(await device.shell("rm /sdcard/*.png && ls /sdcard/ | grep -v -E '^(Download|Pictures|DCIM|Movies)$'")).toBe('c.txt\n');
  });

  it('stops a running command when the connection closes', async () => {
    const device = createVirtualDevice();
    const controller = new AbortController();
    const running = device.shell('sleep 30; echo not reached', controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await running).toBe('');
  });
});
