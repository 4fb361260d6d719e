/**
 * Reads the identity of an Android app from its compiled (binary AXML) AndroidManifest.xml,
 * using adbkit-apkreader's parser on the bytes we extracted ourselves (adbkit's own zip
 * reading would bypass our archive checks).
 */
import BinaryXmlParser, { type AxmlNode } from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/binaryxml.js';
import { badRequest } from '../errors.js';
import { ContentMismatch } from './build-errors.js';
import { checkIdentifier, checkText } from './identifier.js';

export interface ApkManifestInfo {
  packageName: string;
  versionName: string | null;
  versionCode: string | null;
  /** android:label when it is a plain string; null when it references a resource. */
  displayName: string | null;
}

const WHERE = 'AndroidManifest.xml';

export function parseApkManifest(data: Buffer): ApkManifestInfo {
  const manifest = decode(data);
  const packageName = stringAttr(manifest, 'package');
  if (packageName === null) throw badRequest(`${WHERE} has no package attribute`);
  checkIdentifier(packageName, `the package name in ${WHERE}`);
  const application = manifest.childNodes.find((node) => node.nodeName === 'application');
  return {
    packageName,
    versionName: checkText(stringAttr(manifest, 'versionName'), `android:versionName in ${WHERE}`),
    versionCode: intAttr(manifest, 'versionCode'),
    displayName: checkText(application ? stringAttr(application, 'label') : null, `android:label in ${WHERE}`),
  };
}

function decode(data: Buffer): AxmlNode {
  let root: AxmlNode | null;
  try {
    root = new BinaryXmlParser(data).parse();
  } catch (err) {
    // The parser throws "Invalid XML header" for text XML and RangeErrors for truncated data.
    throw new ContentMismatch(`${WHERE} is not a valid compiled (binary) manifest (${(err as Error).message})`);
  }
  if (root?.nodeName !== 'manifest') {
    throw new ContentMismatch(`${WHERE} has no <manifest> root element`);
  }
  return root;
}

function stringAttr(node: AxmlNode, name: string): string | null {
  const attr = node.attributes.find((a) => a.name === name);
  if (attr?.typedValue.type !== 'string' || typeof attr.typedValue.value !== 'string') return null;
  return attr.typedValue.value === '' ? null : attr.typedValue.value;
}

/** versionCode is an int in compiled manifests; a string one (hand-edited AXML) is accepted if numeric. */
function intAttr(node: AxmlNode, name: string): string | null {
  const attr = node.attributes.find((a) => a.name === name);
  const value = attr?.typedValue.value;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && /^\d{1,10}$/.test(value)) return value;
  return null;
}
