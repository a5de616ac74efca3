// `agentguard mask FILE`: print the masked view of FILE, exactly as a guarded read would return it.
// Lines without secrets come out byte-identical, so `diff <(agentguard mask f) f` shows only masks.
import { readFile } from 'node:fs/promises';
import { maskByPath, maskText, type MaskOptions } from '../core/secrets';

export interface MaskIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const USAGE = 'usage: agentguard mask FILE\n';

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

/**
 * Exit 0 with the masked text on stdout; exit 2 with a message on stderr for a usage error, an
 * unreadable file or a file that is not UTF-8 text. Fail closed: when the file cannot be decoded
 * it is not printed at all (raw bytes could carry a secret the masker never saw).
 */
export async function maskCommand(argv: string[], io: MaskIo, opts: MaskOptions = {}): Promise<number> {
  const files = argv.filter((a) => a !== '--');
  if (files.length !== 1 || (files[0]!.startsWith('-') && argv[0] !== '--')) {
    await write(io.stderr, USAGE);
    return 2;
  }
  const file = files[0]!;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (e) {
    await write(io.stderr, `agentguard mask: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  let text: string;
  try {
    // ignoreBOM keeps a BOM in the text, so the output stays byte-identical to the input.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    await write(io.stderr, `agentguard mask: ${file} is not UTF-8 text; refusing to print it\n`);
    return 2;
  }
  let masked: string;
  try {
    masked = maskByPath(file, text, maskText(text, opts)).text;
  } catch (e) {
    await write(io.stderr, `agentguard mask: masking failed, nothing printed: ${(e as Error).message}\n`);
    return 2;
  }
  await write(io.stdout, masked);
  return 0;
}
