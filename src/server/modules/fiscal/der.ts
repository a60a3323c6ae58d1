import { createPublicKey, type KeyObject, sign, verify } from "node:crypto";

/**
 * The little DER (ASN.1) the fiscal device needs, with Node's crypto and nothing else: a PKCS#10 certificate signing
 * request for registerDevice / issueCertificate (RFC 2986), and X.509 certificates (RFC 5280) for the test stand-in's
 * own CA. Keys are ECDSA P-256 (FDMS accepts "ECC secp256r1" or RSA 2048); signatures ecdsa-with-SHA256.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One TLV: tag byte, DER length, contents. */
export function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const seq = (...items: Buffer[]) => tlv(0x30, ...items);
export const set = (...items: Buffer[]) => tlv(0x31, ...items);
export const nul = () => Buffer.from([0x05, 0x00]);
export const bitString = (bytes: Buffer) => tlv(0x03, Buffer.from([0]), bytes);
export const octetString = (bytes: Buffer) => tlv(0x04, bytes);
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, "utf8"));
export const printable = (s: string) => tlv(0x13, Buffer.from(s, "ascii"));
export const bool = (v: boolean) => Buffer.from([0x01, 0x01, v ? 0xff : 0x00]);
/** [n] EXPLICIT. */
export const explicit = (n: number, inner: Buffer) => tlv(0xa0 | n, inner);

/** A non-negative INTEGER from a big-endian byte string or a number. */
export function integer(value: number | Buffer): Buffer {
  let bytes: Buffer;
  if (typeof value === "number") {
    const out: number[] = [];
    for (let v = value; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
    bytes = Buffer.from(out.length ? out : [0]);
  } else {
    let i = 0;
    while (i < value.length - 1 && value[i] === 0) i++;
    bytes = value.subarray(i);
  }
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split(".").map(Number);
  const out: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

const OID = {
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  countryName: "2.5.4.6",
  stateOrProvinceName: "2.5.4.8",
  organizationName: "2.5.4.10",
  commonName: "2.5.4.3",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  subjectAltName: "2.5.29.17",
  extKeyUsage: "2.5.29.37",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

const ECDSA_SHA256 = seq(oid(OID.ecdsaWithSha256));

/** A distinguished name: C, ST, O, CN (the ones FDMS's CSR rules name), in that order, each present one. */
export type DistinguishedName = { C?: string; ST?: string; O?: string; CN: string };

export function distinguishedName(dn: DistinguishedName): Buffer {
  const rdn = (type: string, value: Buffer) => set(seq(oid(type), value));
  const rdns: Buffer[] = [];
  if (dn.C) rdns.push(rdn(OID.countryName, printable(dn.C)));
  if (dn.ST) rdns.push(rdn(OID.stateOrProvinceName, utf8(dn.ST)));
  if (dn.O) rdns.push(rdn(OID.organizationName, utf8(dn.O)));
  rdns.push(rdn(OID.commonName, utf8(dn.CN)));
  return seq(...rdns);
}

function spki(key: KeyObject): Buffer {
  const pub = key.type === "private" ? createPublicKey(key) : key;
  return pub.export({ type: "spki", format: "der" });
}

const signDer = (tbs: Buffer, key: KeyObject) => seq(tbs, ECDSA_SHA256, bitString(sign("sha256", tbs, key)));

export const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${
    der
      .toString("base64")
      .match(/.{1,64}/g)
      ?.join("\n") ?? ""
  }\n-----END ${label}-----\n`;

/** A PKCS#10 certificate signing request for `subject`, signed with `privateKey` (PEM). */
export function certificateRequest(subject: DistinguishedName, privateKey: KeyObject): string {
  const info = seq(integer(0), distinguishedName(subject), spki(privateKey), tlv(0xa0));
  return pem("CERTIFICATE REQUEST", signDer(info, privateKey));
}

/** Reads the next TLV at `offset`: its tag, where its contents start and end. */
export function readTlv(der: Buffer, offset: number): { tag: number; start: number; end: number } {
  const tag = der[offset] ?? 0;
  let len = der[offset + 1] ?? 0;
  let start = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (der[start + i] ?? 0);
    start += n;
  }
  return { tag, start, end: start + len };
}

export function pemToDer(text: string): Buffer {
  return Buffer.from(text.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""), "base64");
}

/**
 * A CSR's parts: the subject's common name, the public key, and whether the request's signature is the key's own
 * (a CSR proves its holder has the private key).
 */
export function parseCertificateRequest(csrPem: string): { commonName: string | null; publicKey: KeyObject; selfSigned: boolean } {
  const der = pemToDer(csrPem);
  const outer = readTlv(der, 0);
  const info = readTlv(der, outer.start);
  const infoDer = der.subarray(outer.start, info.end);
  const version = readTlv(der, info.start);
  const subject = readTlv(der, version.end);
  const key = readTlv(der, subject.end);
  const publicKey = createPublicKey({ key: der.subarray(subject.end, key.end), format: "der", type: "spki" });
  const alg = readTlv(der, info.end);
  const sig = readTlv(der, alg.end);
  const signature = der.subarray(sig.start + 1, sig.end);
  let selfSigned = false;
  try {
    selfSigned = verifyDer(infoDer, signature, publicKey);
  } catch {
    selfSigned = false;
  }
  return { commonName: commonNameOf(der.subarray(subject.start, subject.end)), publicKey, selfSigned };
}

function verifyDer(data: Buffer, signature: Buffer, key: KeyObject): boolean {
  return verify("sha256", data, key, signature);
}

/** The CN of a Name's contents (the SEQUENCE OF RDN's inside). */
function commonNameOf(name: Buffer): string | null {
  let at = 0;
  while (at < name.length) {
    const rdn = readTlv(name, at);
    const atv = readTlv(name, rdn.start);
    const type = readTlv(name, atv.start);
    const value = readTlv(name, type.end);
    if (name.subarray(type.start - 2, type.end).equals(oid(OID.commonName))) {
      return name.subarray(value.start, value.end).toString("utf8");
    }
    at = rdn.end;
  }
  return null;
}

function utcTime(d: Date): Buffer {
  const s = d
    .toISOString()
    .replace(/[-:T]/g, "")
    .replace(/\.\d+Z$/, "Z")
    .slice(2);
  return tlv(0x17, Buffer.from(s, "ascii"));
}

export type CertificateOptions = {
  serial: number;
  subject: DistinguishedName;
  issuer: DistinguishedName;
  publicKey: KeyObject;
  /** The issuer's private key (the subject's own for a self-signed CA). */
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  ca?: boolean;
  /** Subject alternative names: IPv4 addresses and DNS names (a TLS server's certificate). */
  altNames?: { ips?: string[]; dns?: string[] };
  usage?: "server" | "client";
};

/** An X.509 v3 certificate (PEM) signed by `signingKey`. */
export function issueCertificate(o: CertificateOptions): string {
  const extensions: Buffer[] = [];
  if (o.ca) {
    extensions.push(seq(oid(OID.basicConstraints), bool(true), octetString(seq(bool(true)))));
    // keyCertSign, cRLSign: bits 5 and 6 → 0x06 with 1 unused bit.
    extensions.push(seq(oid(OID.keyUsage), bool(true), octetString(tlv(0x03, Buffer.from([0x01, 0x06])))));
  } else {
    extensions.push(seq(oid(OID.basicConstraints), bool(true), octetString(seq())));
    // digitalSignature: bit 0 → 0x80 with 7 unused bits.
    extensions.push(seq(oid(OID.keyUsage), bool(true), octetString(tlv(0x03, Buffer.from([0x07, 0x80])))));
  }
  if (o.usage) {
    extensions.push(seq(oid(OID.extKeyUsage), octetString(seq(oid(o.usage === "server" ? OID.serverAuth : OID.clientAuth)))));
  }
  if (o.altNames) {
    const names = [
      ...(o.altNames.dns ?? []).map((d) => tlv(0x82, Buffer.from(d, "ascii"))),
      ...(o.altNames.ips ?? []).map((ip) => tlv(0x87, Buffer.from(ip.split(".").map(Number)))),
    ];
    extensions.push(seq(oid(OID.subjectAltName), octetString(seq(...names))));
  }
  const tbs = seq(
    explicit(0, integer(2)),
    integer(o.serial),
    ECDSA_SHA256,
    distinguishedName(o.issuer),
    seq(utcTime(o.notBefore), utcTime(o.notAfter)),
    distinguishedName(o.subject),
    spki(o.publicKey),
    explicit(3, seq(...extensions)),
  );
  return pem("CERTIFICATE", signDer(tbs, o.signingKey));
}
