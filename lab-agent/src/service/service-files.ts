/**
 * What `devicelab agent service install` writes: a systemd user unit (Linux) or a launchd
 * LaunchAgent (macOS) that runs `devicelab agent start`, restarted on failure, logging to the
 * journal or a log file. The agent token is in a file only the user can read, named with
 * --token-file: never in the unit, the plist or the process list.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { build as buildPlist } from 'plist';

export type ServicePlatform = 'linux' | 'darwin';

export interface ServiceSpec {
  /** node and its flags, the devicelab script: how this very command was run. */
  command: string[];
  /** `agent start` options other than the token (no secrets). */
  startArgs: string[];
  workingDirectory: string;
  tokenFile: string;
}

export const SYSTEMD_UNIT = 'devicelab-agent.service';
export const LAUNCHD_LABEL = 'dev.devicelab.agent';

export interface ServicePaths {
  /** The unit or the plist. */
  definition: string;
  tokenFile: string;
  /** macOS: the log file (Linux logs to the journal). */
  log?: string;
}

export function servicePaths(platform: ServicePlatform, home = homedir()): ServicePaths {
  if (platform === 'linux') {
    const config = process.env.XDG_CONFIG_HOME || join(home, '.config');
    return { definition: join(config, 'systemd', 'user', SYSTEMD_UNIT), tokenFile: join(config, 'devicelab', 'agent-token') };
  }
  return {
    definition: join(home, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`),
    tokenFile: join(home, 'Library', 'Application Support', 'DeviceLab', 'agent-token'),
    log: join(home, 'Library', 'Logs', 'devicelab-agent.log'),
  };
}

/** One word of an ExecStart line: quoted when needed; % and $ doubled (systemd specifiers and variables). */
function systemdWord(word: string): string {
  const escaped = word.replace(/%/g, '%%').replace(/\$/g, '$$$$');
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(escaped) ? escaped : `"${escaped.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function systemdUnit(spec: ServiceSpec): string {
  const exec = [...spec.command, 'agent', 'start', ...spec.startArgs, '--token-file', spec.tokenFile].map(systemdWord).join(' ');
  return `# Written by devicelab agent service install; devicelab agent service uninstall removes it.
[Unit]
Description=DeviceLab lab agent
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
WorkingDirectory=${systemdWord(spec.workingDirectory)}
ExecStart=${exec}
# Restarted when it fails, but not when the control plane refused it for good (1: bad or revoked
# token, incompatible version) or the command line is wrong (2): restarting cannot help then.
Restart=on-failure
RestartSec=5
RestartPreventExitStatus=1 2
# SIGTERM: the agent stops taking jobs and lets running ones finish (--drain-seconds, 30 by default).
KillSignal=SIGTERM
TimeoutStopSec=45
StandardOutput=journal
StandardError=journal

[Install]
WantedBy=default.target
`;
}

export function launchdPlist(spec: ServiceSpec, log: string): string {
  return buildPlist({
    Label: LAUNCHD_LABEL,
    ProgramArguments: [...spec.command, 'agent', 'start', ...spec.startArgs, '--token-file', spec.tokenFile],
    WorkingDirectory: spec.workingDirectory,
    RunAtLoad: true,
    // Restarted when it exits with a failure; a clean stop (exit 0) stays stopped.
    KeepAlive: { SuccessfulExit: false },
    ThrottleInterval: 5,
    ExitTimeOut: 45,
    StandardOutPath: log,
    StandardErrorPath: log,
    ProcessType: 'Interactive',
  });
}
