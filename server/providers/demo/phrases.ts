function shorten(text: string): string {
  const flat = text.replace(/\s+/gu, " ");
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

/** Everything the demo says, in English or Chinese. */
export function phrases(zh: boolean) {
  return zh
    ? {
        zh,
        empty: "请发一条消息，我会回答。",
        failed: (status: number) =>
          `演示模型按要求以状态 ${status} 失败（/fail ${status}）。发送另一条消息即可继续。`,
        badFail: (arg: string) =>
          `"/fail ${arg}" 需要一个 400 到 599 之间的 HTTP 错误状态，例如 "/fail 503"。`,
        cut: "这条回答会在中途停止，因为你发送了 /cut：数据流将在这里结束，既没有完成原因，也没有结束标记，所以",
        cutRest: "它显示为已中断。按下“继续”后，其余部分接在同一条回答后面，这次正常结束。",
        greet: (name: string) => `你好，${name}！我记住你的名字了。`,
        greetWithoutTool: (name: string) =>
          `你好，${name}！（没有提供状态工具，所以我记不住你的名字。）`,
        yourName: (name: string) => `你叫${name}。`,
        unknownName: "我还不知道你的名字。可以告诉我：“我叫……”。",
        noEarlierResult: "之前没有可以接着算的结果。请先让我算一个式子，比如“2+3 等于多少？”。",
        calcError: (expression: string, reason: string) =>
          `计算器无法计算 ${expression}：${reason}。`,
        result: (lines: string[], value: number) => `${lines.join("，然后 ")}。结果是 ${value}。`,
        selfComputed: (lines: string[], value: number) =>
          `没有提供计算器工具，所以我自己算了：${lines.join("，然后 ")}。结果是 ${value}。`,
        systemPrompt: (prompt: string) => `系统提示：${prompt || "none"}`,
        context: (size: string) =>
          `${size}（约数：演示模型按每 4 个字符算一个 token，每张图片 85 个）`,
        defaultThought: "让我一步一步想一想。",
        thought: (thought: string) => `想好了。你让我思考的是：“${shorten(thought)}”`,
        quote: (text: string) =>
          `你说：“${shorten(text)}”。这是 Parley 的演示模型：试试“先算 2+3，再把结果乘 4”、“我叫……”、“写一篇长文”，或者 /echo 文本。`,
      }
    : {
        zh,
        empty: "Send me a message and I will answer.",
        failed: (status: number) =>
          `The demo model failed on purpose with status ${status} (/fail ${status}). Send another message to continue.`,
        badFail: (arg: string) =>
          `"/fail ${arg}" needs an HTTP error status between 400 and 599, for example "/fail 503".`,
        cut: "This answer stops in the middle because you sent /cut: the stream ends here with no finish reason and no end marker, so",
        cutRest:
          " it shows as interrupted. Continue asked for the rest, which goes on in the same answer and this time ends normally.",
        greet: (name: string) => `Nice to meet you, ${name}! I will remember your name.`,
        greetWithoutTool: (name: string) =>
          `Nice to meet you, ${name}! (No state tool was offered, so I cannot remember your name.)`,
        yourName: (name: string) => `Your name is ${name}.`,
        unknownName: `I don't know your name yet. Tell me with "My name is …".`,
        noEarlierResult: `There is no earlier result to continue from. Ask for a calculation first, for example "What is 2+3?".`,
        calcError: (expression: string, reason: string) =>
          `The calculator could not work out ${expression}: ${reason}.`,
        result: (lines: string[], value: number) =>
          `${lines.join(", then ")}. The result is ${value}.`,
        selfComputed: (lines: string[], value: number) =>
          `No calculator tool was offered, so I worked it out myself: ${lines.join(", then ")}. The result is ${value}.`,
        systemPrompt: (prompt: string) => `System prompt: ${prompt || "none"}`,
        context: (size: string) =>
          `${size} (about: the demo counts a token for every 4 characters, and 85 for an image)`,
        defaultThought: "Let me think this through step by step.",
        thought: (thought: string) =>
          `Done thinking. You asked me to think about: "${shorten(thought)}"`,
        quote: (text: string) =>
          `You said: "${shorten(text)}". This is Parley's demo model: try "What is 2+3, then times 4?", "My name is …", "write a long answer", or /echo TEXT.`,
      };
}
