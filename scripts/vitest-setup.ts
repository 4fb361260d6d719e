// Runs before each test file, in its worker (vitest.config.ts, setupFiles).
//
// adbkit switches on bluebird's cancellation when it is first loaded, and bluebird refuses that
// once any bluebird promise exists. The iOS side's libraries (node-simctl, the appium packages)
// make bluebird promises too, and with files sharing a worker's modules (isolate: false) an iOS
// test file could run before the first file that loads adbkit: that file then failed to load
// ("cannot enable cancellation after promises are in use"). Loading adbkit first in every worker,
// as the lab agent's own static imports do, keeps the order right.
import '../lab-agent/src/devices/adbkit.js';
