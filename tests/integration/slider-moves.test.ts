import { describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { listSlides, moveSlide } from "~/server/admin/slider.server";

/**
 * Two admins moving slides at the same moment (the browser suite's two projects do): each move reads
 * the order and renumbers it. On PostgreSQL two at once deadlocked (one admin got an error); moves now
 * take turns on an advisory lock.
 */
describe("moving homepage slides at the same moment", () => {
  it("take turns: every move is made, none fails, and every slide keeps its own number", async () => {
    const slides = await listSlides();
    expect(slides.length).toBeGreaterThanOrEqual(3);
    const [first, , third] = slides.map((slide) => slide.id) as [string, string, string];
    // One admin moves the first slide down and up again while another moves the third up and down.
    const moved: boolean[] = [];
    for (let round = 0; round < 10; round += 1) {
      moved.push(
        ...(await Promise.all([
          moveSlide(first, "down").then(async (down) => [down, await moveSlide(first, "up")]),
          moveSlide(third, "up").then(async (up) => [up, await moveSlide(third, "down")]),
        ]).then((pairs) => pairs.flat())),
      );
    }
    expect(moved).toEqual(Array(40).fill(true));
    const rows = await prisma.homepageSliderImage.findMany({ select: { id: true, displayOrder: true } });
    const numbers = rows.map((row) => row.displayOrder).sort((a, b) => a - b);
    expect(numbers).toEqual(rows.map((_, index) => index + 1));
    expect((await listSlides()).map((slide) => slide.id).sort()).toEqual(slides.map((slide) => slide.id).sort());
  });
});
