import type { ImportProblemCode, JsonExpected } from "../../interop/import-problem.ts";
import type { CodecKey } from "./codec-words-en.ts";

type ProblemKey = Exclude<`problem:${ImportProblemCode}`, CodecKey> | `expected:${JsonExpected}`;

/** What the import dialog says of each problem code (`src/interop/import-problem.ts`). */
export const problemWordsEn: Record<ProblemKey, string> = {
  "problem:file-empty": "The file is empty. Choose the exported file itself, not an empty copy.",
  "problem:file-too-large":
    "The file is {megabytes} MB; at most {maxMegabytes} MB can be imported. Export fewer conversations at a time.",
  "problem:file-unreadable":
    "The browser could not read the file (it may have been moved or changed). Choose it again.",
  "problem:file-too-complex":
    "The file is too large or too complex to read here. Export fewer conversations at a time.",
  "problem:not-utf8":
    "The file is not valid UTF-8 (byte {byte} is broken). Save it as UTF-8 and import it again.",
  "problem:json-cut-off":
    "The file ends too early (line {line}, column {column}); it looks cut off. Export it again.",
  "problem:json-invalid":
    "This is not valid JSON: at line {line}, column {column} Parley expected {expected} but found “{found}”. Export the file again.",
  "problem:json-duplicate-key":
    "The key “{key}” appears twice in the same object (line {line}, column {column}); Parley cannot tell which one is meant. Remove one of them and import the file again.",
  "problem:json-too-deep":
    "The data is nested more than {maxDepth} levels deep; this is not a chat export.",
  "problem:json-trailing-text":
    "There is text after the end of the JSON data (line {line}, column {column}). Remove it or export again.",
  "problem:not-recognised":
    "Parley does not recognise this file. It reads Parley exports, ChatGPT and Claude conversations.json, Open WebUI, LibreChat, LobeChat and big-AGI exports, OpenAI messages and JSONL, NextChat backups and chatbot-ui exports.",
  "problem:too-many-conversations":
    "The file holds {count} conversations; at most {max} can be imported at once. Split the file.",
  "problem:too-many-attachments":
    "The file holds {count} attachments; at most {max} can be imported from one file. Export fewer conversations at a time.",
  "problem:export-version-invalid":
    "The export version must be a whole number of at least 1. Export the file again.",
  "problem:export-version-newer":
    "This file is export version {version}, made by a newer Parley; this one reads up to version {max}. Update Parley and import it again.",
  "problem:export-version-unreadable":
    "Export version {version} cannot be read by this Parley. Update Parley and import it again.",
  "problem:sessions-not-list":
    "The file's sessions are not a list of conversations. Export the file again.",
  "problem:import-could-not-run":
    "The import could not run. Reload the page and choose the files again.",
  "problem:import-message-invalid":
    "The import's reader sent something Parley could not check, so nothing was read. Reload the page and choose the files again.",
  "problem:read-as-utf16": "The file is {encoding}; it was read as such.",
  "problem:utf16-repaired": "Broken UTF-16 characters were replaced with U+FFFD.",
  "problem:bom-ignored": "A UTF-8 byte order mark at the start was ignored.",
  "problem:surrogate-replaced": "A broken character (lone surrogate) was replaced with U+FFFD.",
  "problem:more-warnings": "{count} more {count|warning was|warnings were} not listed.",
  "problem:prompts-only":
    "This chatbot-ui export (version 5) holds only prompts and folders; it has no conversations.",
  "problem:attachments-not-list":
    "The file's attachments are not a list, so they were left out: the conversations import with their attachments missing.",
  "problem:attachment-invalid":
    "This attachment was left out ({field}); the messages that name it import with it missing.",
  "problem:attachment-damaged":
    "These bytes do not match their SHA-256 ({hash}…): the file was changed or damaged after it was exported. The messages that name them import with this attachment missing; export it again from the Parley that holds it to keep it.",
  "problem:credential-removed": "A credential was left out of the import.",
  "problem:title-cleaned": "Control characters were removed from the title.",
  "problem:role-unknown":
    "The role “{role}” is not one Parley knows (system, user, assistant, tool); the message was left out.",
  "problem:not-a-conversation": "This is not a {app} conversation.",
  "problem:conversation-fields-missing":
    "This is not a {app} conversation: it needs {fields}. Export it again from {app}.",
  "problem:message-too-long":
    "This message has {length} characters; at most {max} can be imported.",
  "problem:duplicate-id":
    "The id {id} appears twice in this file; the second conversation was left out.",
  "problem:current-node-missing":
    "mapping holds no message Parley can show, and current_node names none. Export the conversation again.",
  "problem:sender-unknown":
    "The sender “{sender}” is not human, assistant or system; this conversation was not imported.",
  "problem:conversation-refused":
    "This part of the conversation is not valid ({field}); the conversation was not imported. Export it again from the app that made it.",
  "problem:conversation-invalid":
    "This part of the conversation is not valid; the conversation was not imported. Export it again from the app that made it.",
  "expected:hex-digits": "four hex digits after \\u",
  "expected:escape": "an escape such as \\n or \\u0041",
  "expected:string-end": "the string to go on or end with a quote",
  "expected:key": "a key in quotes",
  "expected:colon": "“:” after a key",
  "expected:comma-or-bracket": "“,” or “]”",
  "expected:comma-or-brace": "“,” or “}”",
  "expected:value": "a value",
};
