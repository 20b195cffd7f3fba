import type { problemWordsEn } from "./import-problem-en.ts";

export const problemWordsZh: Record<keyof typeof problemWordsEn, string> = {
  "problem:file-empty": "文件是空的。请选择导出的文件本身，而不是一份空副本。",
  "problem:file-too-large":
    "文件大小为 {megabytes} MB，最多只能导入 {maxMegabytes} MB。请每次少导出一些对话。",
  "problem:file-unreadable": "浏览器无法读取这个文件（它可能已被移动或修改）。请重新选择。",
  "problem:file-too-complex": "文件太大或结构太复杂，无法在这里读取。请每次少导出一些对话。",
  "problem:not-utf8": "文件不是有效的 UTF-8（第 {byte} 个字节有误）。请另存为 UTF-8 后重新导入。",
  "problem:json-cut-off":
    "文件提前结束（第 {line} 行第 {column} 列），看起来被截断了。请重新导出。",
  "problem:json-invalid":
    "这不是有效的 JSON：在第 {line} 行第 {column} 列，Parley 需要{expected}，却遇到了“{found}”。请重新导出文件。",
  "problem:json-duplicate-key":
    "键“{key}”在同一个对象中出现了两次（第 {line} 行第 {column} 列），Parley 无法判断应使用哪一个。请删除其中一个后重新导入。",
  "problem:json-too-deep": "数据嵌套超过 {maxDepth} 层，这不是聊天导出文件。",
  "problem:json-trailing-text":
    "JSON 数据结束后还有其他文字（第 {line} 行第 {column} 列）。请删除它或重新导出。",
  "problem:not-recognised":
    "Parley 无法识别这个文件。它可以读取 Parley 导出、ChatGPT 和 Claude 的 conversations.json、Open WebUI、LibreChat、LobeChat 和 big-AGI 导出、OpenAI 消息和 JSONL、NextChat 备份以及 chatbot-ui 导出。",
  "problem:too-many-conversations": "文件中有 {count} 个对话，一次最多导入 {max} 个。请拆分文件。",
  "problem:too-many-attachments":
    "文件中有 {count} 个附件，一个文件最多导入 {max} 个。请每次少导出一些对话。",
  "problem:export-version-invalid": "导出版本必须是不小于 1 的整数。请重新导出文件。",
  "problem:export-version-newer":
    "这个文件是导出版本 {version}，由更新的 Parley 生成；当前 Parley 最多读取版本 {max}。请更新 Parley 后重新导入。",
  "problem:export-version-unreadable":
    "当前 Parley 无法读取导出版本 {version}。请更新 Parley 后重新导入。",
  "problem:sessions-not-list": "文件中的 sessions 不是对话列表。请重新导出文件。",
  "problem:import-could-not-run": "导入无法运行。请刷新页面后重新选择文件。",
  "problem:import-message-invalid":
    "导入的读取程序发来了 Parley 无法核对的内容，因此没有读取任何文件。请刷新页面后重新选择文件。",
  "problem:read-as-utf16": "文件编码为 {encoding}，已按此编码读取。",
  "problem:utf16-repaired": "损坏的 UTF-16 字符已替换为 U+FFFD。",
  "problem:bom-ignored": "已忽略文件开头的 UTF-8 字节顺序标记（BOM）。",
  "problem:surrogate-replaced": "一个损坏的字符（孤立代理项）已替换为 U+FFFD。",
  "problem:more-warnings": "另有 {count} 条提示未列出。",
  "problem:prompts-only": "这份 chatbot-ui 导出（版本 5）只有提示词和文件夹，没有对话。",
  "problem:attachments-not-list":
    "文件中的 attachments 不是列表，已被略过：对话导入后附件显示为缺失。",
  "problem:attachment-invalid": "这个附件未导入（{field}）；引用它的消息导入后该附件显示为缺失。",
  "problem:attachment-damaged":
    "这些字节与其 SHA-256（{hash}…）不符：文件在导出后被修改或损坏。引用它们的消息导入后该附件显示为缺失；如需保留，请从保存它的 Parley 重新导出。",
  "problem:credential-removed": "一项凭据未被导入。",
  "problem:title-cleaned": "已从标题中删除控制字符。",
  "problem:role-unknown":
    "角色“{role}”不是 Parley 认识的角色（system、user、assistant、tool），该消息未导入。",
  "problem:not-a-conversation": "这不是 {app} 的对话。",
  "problem:conversation-fields-missing":
    "这不是 {app} 的对话：它需要 {fields}。请从 {app} 重新导出。",
  "problem:message-too-long": "这条消息有 {length} 个字符，最多只能导入 {max} 个。",
  "problem:duplicate-id": "ID {id} 在这个文件中出现了两次，第二个对话未导入。",
  "problem:current-node-missing":
    "mapping 中没有 Parley 能显示的消息，current_node 也没有指向任何消息。请重新导出这个对话。",
  "problem:sender-unknown": "发送者“{sender}”不是 human、assistant 或 system，这个对话未导入。",
  "problem:conversation-refused":
    "对话的这一部分无效（{field}），这个对话未导入。请从生成它的应用重新导出。",
  "problem:conversation-invalid": "对话的这一部分无效，这个对话未导入。请从生成它的应用重新导出。",
  "expected:hex-digits": " \\u 之后的四个十六进制数字",
  "expected:escape": "转义序列（如 \\n 或 \\u0041）",
  "expected:string-end": "字符串继续或以引号结束",
  "expected:key": "带引号的键",
  "expected:colon": "键之后的“:”",
  "expected:comma-or-bracket": "“,”或“]”",
  "expected:comma-or-brace": "“,”或“}”",
  "expected:value": "一个值",
};
