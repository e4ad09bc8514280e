import fs from 'node:fs';

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// JPEG start-of-frame markers, which carry the size (C4 DHT, C8 JPG and CC DAC are not frames)
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
// markers that stand alone, without a length: TEM, RST0–7, SOI
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
/** a bound on the segments walked before the frame header: a damaged file ends the walk */
const MAX_SEGMENTS = 512;

/**
 * The pixel size of a stored PNG or JPEG, read from its header (PNG: IHDR; JPEG: the frame header after
 * any EXIF or other segments); null for other kinds or a damaged header. Reads only headers.
 */
export async function imageSizeOf(file: string): Promise<ImageSize | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(0, 24);
    if (PNG_SIGNATURE.every((byte, i) => head[i] === byte)) {
      // the first chunk is IHDR: width, then height, big-endian
      if (head.length < 24 || head.toString('ascii', 12, 16) !== 'IHDR') return null;
      return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
    }
    if (head[0] !== 0xff || head[1] !== 0xd8) return null;
    let at = 2;
    for (let segment = 0; segment < MAX_SEGMENTS; segment++) {
      // FF type, length (2, itself included), then for a frame: precision (1), height (2), width (2)
      const part = await read(at, 9);
      if (part.length < 2 || part[0] !== 0xff) return null;
      const marker = part[1]!;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if (STANDALONE(marker)) {
        at += 2;
        continue;
      }
      // end of image, or the scan began before any frame header
      if (marker === 0xd9 || marker === 0xda || part.length < 4) return null;
      if (SOF_MARKERS.has(marker)) return part.length < 9 ? null : { height: part.readUInt16BE(5), width: part.readUInt16BE(7) };
      const length = part.readUInt16BE(2);
      if (length < 2) return null;
      at += 2 + length;
    }
    return null;
  } finally {
    await handle.close();
  }
}
