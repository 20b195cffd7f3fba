/** The demo's long Markdown answer (about 400 words): headings, a list, a code block and a table. */
export const LONG_ANSWER_EN = `# A long answer from the demo model

This is a long answer, written so that you can watch a large reply stream in, scroll while it grows, and stop it halfway. Every word arrives on its own, a few milliseconds apart, exactly as a real model would send them through the proxy.

## What a conversation is made of

A conversation in Parley is a session. It has a stable id, the time it was created, a title, free-form metadata, a small key-value state that tools can read and write, and the messages in order. Each message records who wrote it, what it said, and, for answers, which agent and model produced it, how many tokens it used and how long it took.

## How one turn works

1. You type a message and press Enter.
2. The message is saved in your browser before anything is sent.
3. The agent sends the history to the proxy, which forwards it to the model.
4. The answer streams back piece by piece, and tool calls run in your browser.
5. When the answer is complete, it is saved with the rest of the conversation.

Because the agent keeps no memory of its own, you can switch conversations, reload the page, or open a second tab, and nothing is lost.

## A small piece of code

The calculator tool reads arithmetic with its own parser instead of evaluating code:

\`\`\`ts
function add(a: number, b: number): number {
  return a + b;
}

const total = [2, 3, 4].reduce(add, 0);
console.log(\`The total is \${total}\`);
\`\`\`

## Where things live

| Part | Runs in | Keeps |
| --- | --- | --- |
| Session | the browser | messages, state and metadata |
| Agent | the browser | only its configuration |
| Tools | the browser | nothing; they read and write the session state |
| Proxy | the server | the provider keys, never your conversations |

## Why the proxy exists

Provider keys are secrets. If the browser held them, anyone who opened the developer tools could copy them. The proxy keeps the keys on the server, names models instead of addresses, limits how often and how much each client may ask, and turns the dialects of different providers into one stream format that the browser understands.

## Things to try next

- Ask for a calculation, such as "What is 2+3, then times 4?", and watch the two tool calls.
- Tell the model your name, then ask for it in a new message.
- Press Stop while this answer is still streaming: the part that arrived is kept and marked as interrupted.
- Reload the page and check that the conversation is still here.

That is the end of the long answer. Thank you for reading all of it.`;

export const LONG_ANSWER_ZH = `# 演示模型的长文回答

这是一篇较长的回答，用来观察大段回复如何逐字流式出现，你可以在它增长时滚动页面，也可以中途停止。每个字都单独到达，间隔几毫秒，就像真实模型经过代理发送的那样。

## 一次对话由什么组成

在 Parley 中，一次对话就是一个会话。它有稳定的编号、创建时间、标题、自由的元数据、一个可以被工具读写的小型键值状态，以及按顺序排列的消息。每条消息记录了作者、内容，回答还会记录由哪个智能体和模型生成、用了多少词元、花了多长时间。

## 一轮对话如何进行

1. 你输入消息并按下回车。
2. 消息在发送之前先保存在浏览器里。
3. 智能体把历史发给代理，代理再转发给模型。
4. 回答一段一段地流回来，工具调用在浏览器中执行。
5. 回答完成后，与对话的其余部分一起保存。

因为智能体本身不保存记忆，你可以切换对话、刷新页面或打开第二个标签页，什么都不会丢失。

## 一小段代码

计算器工具用自己的解析器读取算式，而不是执行代码：

\`\`\`ts
function add(a: number, b: number): number {
  return a + b;
}

const total = [2, 3, 4].reduce(add, 0);
console.log(\`总数是 \${total}\`);
\`\`\`

## 各部分在哪里运行

| 部分 | 运行于 | 保存 |
| --- | --- | --- |
| 会话 | 浏览器 | 消息、状态和元数据 |
| 智能体 | 浏览器 | 只有它的配置 |
| 工具 | 浏览器 | 不保存，只读写会话状态 |
| 代理 | 服务器 | 服务商密钥，从不保存你的对话 |

## 为什么需要代理

服务商的密钥是机密。如果浏览器持有密钥，任何打开开发者工具的人都能复制它。代理把密钥留在服务器上，用模型名称代替地址，限制每个客户端请求的频率和大小，并把不同服务商的方言转换成浏览器能理解的一种流格式。

## 接下来可以试试

- 请它计算，比如"先算 2+3，再把结果乘 4"，观察两次工具调用。
- 告诉模型你的名字，然后在新消息里问它。
- 在这篇回答还在输出时按下停止：已经到达的部分会保留并标记为已中断。
- 刷新页面，确认对话仍然在这里。

长文回答到此结束。感谢你读完全部内容。`;
