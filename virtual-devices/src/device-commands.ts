/**
 * The command registry of a virtual device's shell. `cmd <service> ...` forwards to the
 * matching tool (cmd package = pm, cmd activity = am, ...), as on Android 7+.
 */
import { amCommand, monkeyCommand } from './am-command.js';
import { fileCommands } from './file-commands.js';
import { inputCommand } from './input-command.js';
import { pmCommand } from './pm-command.js';
import type { CommandHandler } from './shell.js';
import { systemCommands } from './system-commands.js';
import type { VirtualDevice } from './virtual-device.js';

const CMD_SERVICES: Readonly<Record<string, string>> = {
  package: 'pm',
  activity: 'am',
  input: 'input',
  settings: 'settings',
  window: 'wm',
};

export function createDeviceCommands(device: VirtualDevice): Map<string, CommandHandler> {
  const commands = new Map<string, CommandHandler>();
  const add = (entries: Record<string, CommandHandler>) => {
    for (const [name, handler] of Object.entries(entries)) commands.set(name, handler);
  };
  add(fileCommands(device.fs, (name) => commands.has(name)));
  add(systemCommands(device));
  add({ pm: pmCommand(device), am: amCommand(device), monkey: monkeyCommand(device), input: inputCommand(device) });
  commands.set('cmd', (io) => {
    const [service, ...args] = io.args;
    const target = commands.get(CMD_SERVICES[service ?? ''] ?? '');
    if (!target) {
      io.err(`cmd: Can't find service: ${service ?? ''}\n`);
      return 20;
    }
    return target({ ...io, name: service!, args });
  });
  return commands;
}
