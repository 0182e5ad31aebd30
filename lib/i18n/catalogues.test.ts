/**
 * The two catalogues say the same things: every key of English exists in zh-CN and nothing
 * more, each message uses the same placeholders, and none is empty. A missing key would show
 * the key itself on a zh-CN page; an extra one is a message no code uses.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "@/messages/en";
import zh from "@/messages/zh-CN";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(path, v);
    else for (const [p, s] of leaves(v, path)) out.set(p, s);
  }
  return out;
}

/** The argument names a message uses ({count}, {name}, plural/select arguments, <tags>). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(el.value);
        for (const opt of Object.values(el.options)) walk(opt.value);
      }
      if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const EN = leaves(en as unknown as Tree);
const ZH = leaves(zh as unknown as Tree);

describe("message catalogues", () => {
  it("have the same namespaces and keys", () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect([...ZH.keys()].sort()).toEqual([...EN.keys()].sort());
  });

  it("use the same placeholders in both languages", () => {
    const differing = [...EN].filter(([k, v]) => ZH.has(k) && argumentsOf(v).join() !== argumentsOf(ZH.get(k)!).join());
    expect(differing.map(([k]) => k)).toEqual([]);
  });

  it("have no empty message", () => {
    expect([...EN, ...ZH].filter(([, v]) => v.trim() === "").map(([k]) => k)).toEqual([]);
  });

  it("parse as ICU messages", () => {
    for (const [k, v] of [...EN, ...ZH]) expect(() => parse(v), k).not.toThrow();
  });
});
