// The rule catalog: every rule the masker runs, in one list (tests iterate it).
import { BLOCK_RULES as BASE_BLOCK_RULES } from './blocks';
import { MORE_CONTEXT_BLOCKS, MORE_CONTEXT_RULES } from './rules/context-more';
import { commandSecret, wrappedSecret } from './rules/admin';
import { encodedSecret } from './rules/encoded';
import { builtForm, encodedForm } from './rules/forms';
import { spokenCredential } from './rules/spoken';
import { joinedSecret, setJoinedScan } from './rules/joined';
import { keywordSelector } from './keywords';
import { escapedCode } from './rules/escaped';
import { ednKeyword } from './rules/edn';
import { callSecret } from './rules/calls';
import { directiveSecret, xmlParentEntry } from './rules/directive';
import { jsonParentValue, yamlParentValue } from './rules/yaml-parent';
import { FORMAT_RULES } from './rules/formats';
import { GENERIC_RULES } from './rules/generic';
import { LAYOUT_RULES } from './rules/layout';
import { STRUCTURE_RULES } from './rules/structure';
import { MORE_SHAPE_RULES } from './rules/shapes-more';
import { MORE_VENDOR_RULES } from './rules/vendor-more';
import { webhookPathSecret } from './rules/vendor-context';
import { secretByForm } from './rules/secret-by-form';
import { chainedLiteral } from './rules/chained';
import { secretByWord, setWordLineScan } from './rules/secret-by-word';
import { secretByDirective } from './rules/secret-by-directive';
import { secretByStructure } from './rules/secret-by-structure';
import { dumpContext } from './rules/dumps';
import { byteArraySecret, setSplitVariableScan, splitVariableSecret } from './rules/assembled';
import { proseSecret } from './rules/prose';
import { CARRIER_RULES } from './rules/carriers';
import { embeddedPgpassLine, embeddedPuttyKey } from './rules/embedded-key-files';
import { nameValuePair } from './rules/name-value-pair';
import { nextLineValue } from './rules/next-line-value';
import { pairedLineSecret } from './rules/paired-lines';
import { templatePieces } from './rules/template-pieces';
import { commentSecret } from './rules/comment-secret';
import { namedByField } from './rules/named-by-field';
import { passphraseWords } from './rules/passphrase-words';
import { codeCredential } from './rules/code-credentials';
import { toldPasswordRule } from './rules/told-passwords';
import { provisioningSecret } from './rules/provisioning';
import { contextLineBefore } from './rules/context-line-before';
import { flowMappingSecret } from './rules/flow-mapping-secret';
import { setTransformedTokenScan, transformedToken } from './rules/transformed-token';
import { continuedLiteral, setContinuedLiteralScan } from './rules/continued-literal';
import { unnamedCredential } from './rules/unnamed-credentials';
import { weakPasswordRule } from './rules/weak-passwords';
import { secretContainerRule } from './rules/secret-containers';
import { upperHexKey } from './rules/upper-hex-keys';
import { awsSecretInList } from './rules/aws-key-lists';
import { byteDump } from './rules/byte-dumps';
import { secretFlagValue } from './rules/secret-flag-values';
import { joinedConstants, setJoinedConstantScan } from './rules/joined-constants';
import { splitBlob } from './rules/split-blobs';
import { VENDOR_RULES } from './rules/vendor';
import { SHAPE_BLOCK_RULES } from './rules/vendor-shape';
import { hereStringSecret, spacedSecret } from './rules/spaced';
import { PIECE_RULES } from './rules/pieces';
import { LANG_RULES } from './rules/langs';
import { TAIL_SHAPE_RULES } from './rules/shapes-tail';
import { labelGrammar } from './rules/label-grammar';
import { deviceConfig } from './rules/device-configs';
import { derKeyBody } from './rules/der-key-bodies';
import { charCodes, setCharCodesScan } from './rules/char-codes';
import { headPieces, setHeadPiecesScan } from './rules/head-pieces';
import { DIALECT_RULES } from './rules/dialects';
import { commandArgSecret } from './rules/command-args';
import { chatPassword } from './rules/chat-passwords';
import { clientLiteral } from './rules/client-literals';
import { keyFileSecret } from './rules/key-files-more';
import { DECODED_LINE_RULES, setDecodedLinesScan } from './rules/decoded-lines';
import { digestResponse } from './rules/digest-response';
import type { BlockRule, Hit, LineRule } from './types';

export const LINE_RULES: readonly LineRule[] = [
  ...VENDOR_RULES,
  ...MORE_VENDOR_RULES,
  webhookPathSecret,
  ...GENERIC_RULES,
  ...MORE_CONTEXT_RULES,
  commandSecret,
  wrappedSecret,
  encodedSecret,
  weakPasswordRule,
  joinedSecret,
  flowMappingSecret,
];
export const BLOCK_RULES: readonly BlockRule[] = [
  ...BASE_BLOCK_RULES,
  ...MORE_CONTEXT_BLOCKS,
  ...STRUCTURE_RULES,
  ...LAYOUT_RULES,
  ...FORMAT_RULES,
  ...MORE_SHAPE_RULES,
  escapedCode,
  ednKeyword,
  directiveSecret,
  yamlParentValue,
  jsonParentValue,
  xmlParentEntry,
  ...SHAPE_BLOCK_RULES,
  spacedSecret,
  hereStringSecret,
  ...PIECE_RULES,
  ...LANG_RULES,
  ...TAIL_SHAPE_RULES,
  callSecret,
  encodedForm,
  builtForm,
  spokenCredential,
  secretByForm,
  chainedLiteral,
  secretByWord,
  secretByDirective,
  secretByStructure,
  dumpContext,
  byteArraySecret,
  splitVariableSecret,
  proseSecret,
  ...CARRIER_RULES,
  nextLineValue,
  continuedLiteral,
  templatePieces,
  transformedToken,
  namedByField,
  passphraseWords,
  codeCredential,
  toldPasswordRule,
  provisioningSecret,
  contextLineBefore,
  commentSecret,
  embeddedPuttyKey,
  embeddedPgpassLine,
  nameValuePair,
  unnamedCredential,
  secretContainerRule,
  upperHexKey,
  awsSecretInList,
  byteDump,
  secretFlagValue,
  joinedConstants,
  splitBlob,
  labelGrammar,
  deviceConfig,
  derKeyBody,
  charCodes,
  headPieces,
  ...DIALECT_RULES,
  pairedLineSecret,
  commandArgSecret,
  chatPassword,
  clientLiteral,
  keyFileSecret,
  ...DECODED_LINE_RULES,
  digestResponse,
];
// The line rules (but joined-secret) whose keywords a view holds, each run over it.
const viewRules = keywordSelector(LINE_RULES.filter((r) => r !== joinedSecret));
const scanView = (view: string, out: Hit[]): void => {
  for (const rule of viewRules(view)) rule.scan(view, out);
};
// The joined-secret rule judges the value code builds from literals by the other line rules.
setJoinedScan(scanView);
// The split-variable rule judges a value joined from variables by the same rules.
setSplitVariableScan(scanView);
// The joined-constants rule judges a value joined from string constants by the same rules.
setJoinedConstantScan(scanView);
// The continued-literal rule judges a literal joined over backslash-continued lines by the same rules.
setContinuedLiteralScan(scanView);
// The transformed-token rule judges a rot13'd or reversed token, undone, by the same rules.
setTransformedTokenScan(scanView);
// The char-codes rule judges a token decoded from character codes, base32 or Ascii85 by the same rules.
setCharCodesScan(scanView);
// The head-pieces rule judges a token joined from pieces after its head by the same rules.
setHeadPiecesScan(scanView);
// The decoded-lines rules judge a line with its HTML references, quoted-printable or .properties escapes decoded by the same rules.
setDecodedLinesScan(scanView);
// The secret-by-word rule hands lines the pre-scan does not offer (and pieces of lines) to the same rules.
setWordLineScan(scanView);
export const ALL_RULES: readonly (LineRule | BlockRule)[] = [...LINE_RULES, ...BLOCK_RULES];
