/**
 * Virtual Android devices behind a fake adb server, for CI machines without handsets.
 * See adb-server.ts for the entry point and README-style usage.
 */
export { startVirtualAdbServer, type VirtualAdbServer, type VirtualAdbServerOptions } from './adb-server.js';
export { startVirtualAndroidDevices, type VirtualAndroidDevices, type VirtualAndroidDevicesOptions } from './adbd-devices.js';
export { type AdbdFrontDoor, DEVICE_FEATURES, startAdbd } from './adbd-server.js';
export type { ManifestInfo } from './apk-reader.js';
export { readApk } from './apk-reader.js';
export { DeviceLog, type LogEntry, type LogLevel } from './device-log.js';
export { ADB_SERVER_VERSION, HOST_FEATURES } from './host-services.js';
export {
  CRASH_EXTRA,
  createSampleApp,
  LOGIN_ERROR,
  PRODUCTS,
  SAMPLE_ACTIVITY,
  SAMPLE_EMAIL,
  SAMPLE_LOG_TAG,
  SAMPLE_PACKAGE,
  SAMPLE_PASSWORD,
  SampleApp,
} from './sample-app.js';
export type { Rect, UiNode, UiWindow } from './ui-tree.js';
export {
  appiumSourceXml,
  preinstallUiautomator2Server,
  UIA2_DEVICE_PORT,
  UIA2_INSTRUMENTATION,
  uiautomator2Sessions,
} from './uiautomator2-server.js';
export type { AppContext, AppFactory, ExtraValue, KeyResult, LaunchIntent, VirtualApp } from './virtual-app.js';
export { AppCrash } from './virtual-app.js';
export { createVirtualDevice, type DeviceState, type LaunchOutcome, VirtualDevice, type VirtualDeviceOptions } from './virtual-device.js';
