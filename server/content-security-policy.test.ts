import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, policyWithSyncOrigins } from "./content-security-policy.ts";

describe("policyWithSyncOrigins", () => {
  it("keeps the policy as it is without sync origins", () => {
    expect(policyWithSyncOrigins(undefined)).toBe(CONTENT_SECURITY_POLICY);
    expect(policyWithSyncOrigins(" ")).toBe(CONTENT_SECURITY_POLICY);
  });

  it("lets the page call the sync servers named, and nothing else changes", () => {
    const policy = policyWithSyncOrigins("https://couch.example.com, http://127.0.0.1:5985");
    expect(policy).toContain("connect-src 'self' https://couch.example.com http://127.0.0.1:5985;");
    expect(policy.replace(" https://couch.example.com http://127.0.0.1:5985", "")).toBe(
      CONTENT_SECURITY_POLICY,
    );
  });

  it("refuses what is not an http(s) origin, saying what to give", () => {
    for (const bad of ["*", "https://couch.example.com/parley", "javascript:alert(1)", "couch"])
      expect(() => policyWithSyncOrigins(bad)).toThrow(/is not an origin; give scheme, host/);
  });
});
