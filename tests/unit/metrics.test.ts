/**
 * The process's Prometheus series (decision 084): a job pass's steps as jobs/run.server.ts reports
 * them (observeJobStep), and the bearer token /metrics asks for.
 */
import { register } from "prom-client";
import { describe, expect, it } from "vitest";
import { bearerTokenMatches, observeJobStep } from "~/server/core/metrics.server";

/** The series of `name` in the exposition format, one "<series> <value>" line each. */
async function lines(name: string): Promise<string[]> {
  return (await register.getSingleMetricAsString(name)).split("\n").filter((line) => !line.startsWith("#"));
}

describe("observeJobStep", () => {
  it("times each step in a histogram and counts its failures", async () => {
    observeJobStep("draws", 0.2, false);
    observeJobStep("draws", 3, true);
    observeJobStep("email", 0.02, false);

    const durations = await lines("giveawear_job_step_duration_seconds");
    expect(durations).toContain('giveawear_job_step_duration_seconds_count{step="draws"} 2');
    expect(durations).toContain('giveawear_job_step_duration_seconds_sum{step="draws"} 3.2');
    expect(durations).toContain('giveawear_job_step_duration_seconds_bucket{le="0.5",step="draws"} 1');
    expect(durations).toContain('giveawear_job_step_duration_seconds_bucket{le="5",step="draws"} 2');
    expect(durations).toContain('giveawear_job_step_duration_seconds_count{step="email"} 1');

    const failures = await lines("giveawear_job_step_failures_total");
    expect(failures).toContain('giveawear_job_step_failures_total{step="draws"} 1');
    // A step that has only succeeded has its failure series, at 0, from its first pass.
    expect(failures).toContain('giveawear_job_step_failures_total{step="email"} 0');
  });
});

describe("bearerTokenMatches", () => {
  const token = "scrape-token-0123456789abcdef";

  it("takes the token as a bearer token only", () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(undefined, token)).toBe(false);
    expect(bearerTokenMatches("", token)).toBe(false);
    expect(bearerTokenMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerTokenMatches(token, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token}0`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token} extra`, token)).toBe(false);
  });
});
