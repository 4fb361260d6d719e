/**
 * The one reader of an app's compiled AndroidManifest.xml (Android binary XML, AXML; layouts from
 * frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h), for the control plane when a
 * build is uploaded (control-plane/src/builds/apk-manifest.ts) and for the virtual devices' `pm`
 * (virtual-devices/src/apk-reader.ts). It reads the string pool, the resource map and the
 * element/attribute chunks, and from the manifest keeps package, versions, label and activities.
 * Attribute names are resolved through the resource map first, because obfuscated apks blank
 * the android:* names and Android itself resolves them by id. Uploads are untrusted: every read
 * stays inside its chunk, and a string pool may not decode to more text than its chunk holds.
 * Each caller checks the values against its own rules (a package name is returned unchecked).
 */

const CHUNK_STRING_POOL = 0x0001;
const CHUNK_XML = 0x0003;
const CHUNK_START_ELEMENT = 0x0102;
const CHUNK_END_ELEMENT = 0x0103;
const CHUNK_RESOURCE_MAP = 0x0180;
const UTF8_FLAG = 1 << 8;
const NO_INDEX = 0xffffffff;

const TYPE_REFERENCE = 0x01;
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;
const TYPE_INT_HEX = 0x11;
const TYPE_INT_BOOLEAN = 0x12;

/** android.R.attr ids of the attributes read here. */
const ANDROID_ATTRS: Readonly<Record<number, string>> = {
  16842753: 'label',
  16842755: 'name',
  16843291: 'versionCode',
  16843292: 'versionName',
};

/** A resource reference (`@string/app_name`) stays an id: its value lives in resources.arsc. */
export type AxmlValue = string | number | boolean | { ref: number };

export interface AxmlNode {
  name: string;
  attributes: Record<string, AxmlValue>;
  children: AxmlNode[];
}

export interface AndroidManifest {
  /** The package attribute as written (unchecked); null when absent or empty. */
  packageName: string | null;
  /** An int, or a string of digits (hand-edited manifests); null otherwise. */
  versionCode: number | null;
  versionName: string | null;
  /** A literal android:label; null when absent, empty or a resource reference. */
  label: string | null;
  /** Fully qualified activity (and activity-alias) class names. */
  activities: string[];
  /** The MAIN/LAUNCHER activity, fully qualified. */
  launcherActivity: string | null;
}

export function decodeAxml(data: Buffer): AxmlNode {
  if (data.length < 8 || data.readUInt16LE(0) !== CHUNK_XML) throw new Error('not binary XML (no AXML header)');
  const end = Math.min(data.length, data.readUInt32LE(4));
  let strings: string[] = [];
  let resourceIds: number[] = [];
  const root: AxmlNode = { name: '#document', attributes: {}, children: [] };
  const stack: AxmlNode[] = [root];
  for (let at = data.readUInt16LE(2); at + 8 <= end; ) {
    const type = data.readUInt16LE(at);
    const headerSize = data.readUInt16LE(at + 2);
    const size = data.readUInt32LE(at + 4);
    if (size < 8 || at + size > end) throw new Error('a binary XML chunk is cut off or corrupt');
    if (type === CHUNK_STRING_POOL) strings = readStringPool(data.subarray(at, at + size));
    else if (type === CHUNK_RESOURCE_MAP) {
      resourceIds = [];
      for (let p = at + headerSize; p + 4 <= at + size; p += 4) resourceIds.push(data.readUInt32LE(p));
    } else if (type === CHUNK_START_ELEMENT) {
      const node = readStartElement(data.subarray(at, at + size), headerSize, strings, resourceIds);
      stack[stack.length - 1]!.children.push(node);
      stack.push(node);
    } else if (type === CHUNK_END_ELEMENT && stack.length > 1) stack.pop();
    at += size;
  }
  const top = root.children[0];
  if (!top) throw new Error('the binary XML has no elements');
  return top;
}

/** Throws an Error saying what is wrong when `data` is not a compiled manifest. */
export function readAndroidManifest(data: Buffer): AndroidManifest {
  const manifest = decodeAxml(data);
  if (manifest.name !== 'manifest') throw new Error(`it has no <manifest> root element (the root is <${manifest.name}>)`);
  const text = (value: AxmlValue | undefined) => (typeof value === 'string' && value !== '' ? value : null);
  const packageName = text(manifest.attributes['package']);
  const qualify = (name: string) =>
    name.startsWith('.') ? `${packageName ?? ''}${name}` : name.includes('.') || !packageName ? name : `${packageName}.${name}`;
  const application = manifest.children.find((c) => c.name === 'application');
  const activities: string[] = [];
  let launcherActivity: string | null = null;
  for (const child of application?.children ?? []) {
    if (child.name !== 'activity' && child.name !== 'activity-alias') continue;
    const name = child.attributes['name'];
    if (typeof name !== 'string') continue;
    activities.push(qualify(name));
    if (!launcherActivity && isLauncher(child)) launcherActivity = qualify(name);
  }
  const versionCode = manifest.attributes['versionCode'];
  const versionName = manifest.attributes['versionName'];
  return {
    packageName,
    versionCode:
      typeof versionCode === 'number'
        ? versionCode
        : typeof versionCode === 'string' && /^\d{1,10}$/.test(versionCode)
          ? Number(versionCode)
          : null,
    versionName: typeof versionName === 'number' ? String(versionName) : text(versionName),
    label: text(application?.attributes['label']),
    activities,
    launcherActivity,
  };
}

function isLauncher(activity: AxmlNode): boolean {
  return activity.children.some(
    (filter) =>
      filter.name === 'intent-filter' &&
      filter.children.some((c) => c.name === 'action' && c.attributes['name'] === 'android.intent.action.MAIN') &&
      filter.children.some((c) => c.name === 'category' && c.attributes['name'] === 'android.intent.category.LAUNCHER'),
  );
}

/** `data` is the element's chunk alone: its attributes must lie inside it. */
function readStartElement(data: Buffer, headerSize: number, strings: string[], resourceIds: number[]): AxmlNode {
  const ext = headerSize;
  const name = strings[data.readUInt32LE(ext + 4)] ?? '';
  const attributeStart = data.readUInt16LE(ext + 8);
  const attributeSize = data.readUInt16LE(ext + 10);
  const attributeCount = data.readUInt16LE(ext + 12);
  if (attributeCount > 0 && (attributeSize < 20 || ext + attributeStart + attributeCount * attributeSize > data.length)) {
    throw new Error("an element's attributes run past its chunk");
  }
  const attributes: Record<string, AxmlValue> = {};
  for (let i = 0; i < attributeCount; i += 1) {
    const a = ext + attributeStart + i * attributeSize;
    const nameIndex = data.readUInt32LE(a + 4);
    const rawIndex = data.readUInt32LE(a + 8);
    const dataType = data.readUInt8(a + 15);
    const value = data.readUInt32LE(a + 16);
    const byId = nameIndex < resourceIds.length ? ANDROID_ATTRS[resourceIds[nameIndex]!] : undefined;
    const attrName = byId ?? strings[nameIndex] ?? '';
    if (!attrName) continue;
    attributes[attrName] = typedValue(dataType, value, rawIndex === NO_INDEX ? undefined : strings[rawIndex], strings);
  }
  return { name, attributes, children: [] };
}

function typedValue(dataType: number, value: number, raw: string | undefined, strings: string[]): AxmlValue {
  switch (dataType) {
    case TYPE_STRING:
      return strings[value] ?? raw ?? '';
    case TYPE_INT_DEC:
    case TYPE_INT_HEX:
      return value | 0;
    case TYPE_INT_BOOLEAN:
      return value !== 0;
    case TYPE_REFERENCE:
      return { ref: value };
    default:
      return raw ?? value;
  }
}

/** `pool` is the string pool chunk alone: every offset is checked against it. */
function readStringPool(pool: Buffer): string[] {
  const count = pool.readUInt32LE(8);
  const utf8 = (pool.readUInt32LE(16) & UTF8_FLAG) !== 0;
  const stringsStart = pool.readUInt32LE(20);
  const offsets = pool.readUInt16LE(2);
  if (offsets + 4 * count > pool.length) throw new Error('the string pool is cut off');
  const strings: string[] = [];
  // Strings of a pool do not overlap, so their text is at most the chunk's size: more is a hostile file.
  let budget = pool.length;
  for (let i = 0; i < count; i += 1) {
    const s = (utf8 ? readUtf8 : readUtf16)(pool, stringsStart + pool.readUInt32LE(offsets + 4 * i));
    budget -= s.length;
    if (budget < 0) throw new Error('the string pool decodes to more text than it holds');
    strings.push(s);
  }
  return strings;
}

function readUtf16(data: Buffer, p: number): string {
  let length = data.readUInt16LE(p);
  let start = p + 2;
  if (length & 0x8000) {
    length = ((length & 0x7fff) << 16) | data.readUInt16LE(p + 2);
    start += 2;
  }
  if (start + 2 * length > data.length) throw new Error('a string runs past its pool');
  return data.toString('utf16le', start, start + 2 * length);
}

function readUtf8(data: Buffer, p: number): string {
  // UTF-16 length first (skipped), then the byte length; each one or two bytes.
  const skip = (q: number) => q + ((data.readUInt8(q) & 0x80) !== 0 ? 2 : 1);
  const q = skip(p);
  const first = data.readUInt8(q);
  const byteLength = first & 0x80 ? ((first & 0x7f) << 8) | data.readUInt8(q + 1) : first;
  const start = q + (first & 0x80 ? 2 : 1);
  if (start + byteLength > data.length) throw new Error('a string runs past its pool');
  return data.toString('utf8', start, start + byteLength);
}
