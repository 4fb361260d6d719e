/**
 * Virtual Android devices behind a fake adb server, for CI machines without handsets.
 * See adb-server.ts for the entry point and README-style usage.
 */
export { startVirtualAdbServer, type VirtualAdbServer, type VirtualAdbServerOptions } from './adb-server.js';
export { ADB_SERVER_VERSION, HOST_FEATURES } from './host-services.js';
export { createVirtualDevice, VirtualDevice, type DeviceState, type LaunchOutcome, type VirtualDeviceOptions } from './virtual-device.js';
export { CRASH_EXTRA, LOGIN_ERROR, PRODUCTS, SAMPLE_LOG_TAG, SAMPLE_ACTIVITY, SAMPLE_EMAIL, SAMPLE_PACKAGE, SAMPLE_PASSWORD, SampleApp, createSampleApp } from './sample-app.js';
export { AppCrash } from './virtual-app.js';
export { DeviceLog, type LogEntry, type LogLevel } from './device-log.js';
export type { AppContext, AppFactory, ExtraValue, KeyResult, LaunchIntent, VirtualApp } from './virtual-app.js';
export type { UiNode, UiWindow, Rect } from './ui-tree.js';
export { readApk } from './apk-reader.js';
export type { ManifestInfo } from './axml-reader.js';
export { startAdbd, DEVICE_FEATURES, type AdbdFrontDoor } from './adbd-server.js';
export { startVirtualAndroidDevices, type VirtualAndroidDevices, type VirtualAndroidDevicesOptions } from './adbd-devices.js';
