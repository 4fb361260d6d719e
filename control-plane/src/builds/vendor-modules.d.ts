// Minimal types for the part of @devicefarmer/adbkit-apkreader we use: its binary XML
// (AXML) parser, imported by path so we can feed it a manifest we extracted ourselves.
declare module '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/binaryxml.js' {
  export interface AxmlTypedValue {
    /** string for 'string', number for 'int_dec'/'int_hex', 'resourceId:0x...' for 'reference'... */
    value: unknown;
    type: string | null;
    rawType: number | null;
  }
  export interface AxmlAttribute {
    namespaceURI: string | null;
    name: string | null;
    value: string | null;
    typedValue: AxmlTypedValue;
  }
  export interface AxmlNode {
    namespaceURI: string | null;
    nodeType: number;
    nodeName: string | null;
    attributes: AxmlAttribute[];
    childNodes: AxmlNode[];
  }
  export default class BinaryXmlParser {
    constructor(buffer: Buffer, options?: { debug?: boolean });
    parse(): AxmlNode | null;
  }
}

// The library's own entry point: used by tests to check that our AXML fixtures are
// real manifests as far as adbkit-apkreader is concerned (it opens the apk itself).
declare module '@devicefarmer/adbkit-apkreader' {
  export interface ParsedManifest {
    package: string;
    versionCode?: number;
    versionName?: string;
    usesSdk: { minSdkVersion?: number } | null;
    application: { label?: string; launcherActivities: { name?: string }[] };
    [key: string]: unknown;
  }
  export interface ApkReader {
    readManifest(): Promise<ParsedManifest>;
  }
  const ApkReaderStatic: { open(apk: string | Buffer): Promise<ApkReader> };
  export default ApkReaderStatic;
}
