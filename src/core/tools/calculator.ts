import * as z from "zod/mini";
import type { Tool } from "../tool.ts";
import { evaluateArithmetic, MAX_EXPRESSION_LENGTH } from "./arithmetic.ts";

/** Arithmetic on numbers: the result is a JSON number; a bad expression is a tool error. */
export const calculatorTool: Tool = {
  name: "calculator",
  description:
    "Evaluate an arithmetic expression with + - * / % ^ and parentheses, e.g. (1.5+2)^2 / 3. Returns the number.",
  parameters: z.strictObject({
    expression: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(MAX_EXPRESSION_LENGTH),
        z.describe("The expression, e.g. 2+3 or 5*4"),
      ),
  }),
  run(args) {
    const expression = String(args.expression);
    const result = evaluateArithmetic(expression);
    if (!result.ok) throw new Error(`cannot calculate "${expression}": ${result.error}`);
    return result.value;
  },
};
