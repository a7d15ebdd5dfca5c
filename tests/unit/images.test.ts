import { describe, expect, it } from "vitest";
import { preferredImageFormat, responsiveImage } from "~/domain/images";

describe("responsiveImage", () => {
  it("offers our uploads at each width, the largest as the fallback src", () => {
    expect(responsiveImage("/uploads/logo/abc.png", [96, 192])).toEqual({
      src: "/uploads/logo/abc.png?w=192",
      srcSet: "/uploads/logo/abc.png?w=96 96w, /uploads/logo/abc.png?w=192 192w",
    });
  });

  it("leaves other addresses as they are", () => {
    expect(responsiveImage("https://cdn.example.com/slide.jpg", [400])).toEqual({ src: "https://cdn.example.com/slide.jpg" });
    expect(responsiveImage("/images/slider-1.svg", [400, 800])).toEqual({ src: "/images/slider-1.svg" });
    expect(responsiveImage("/uploads/logo/abc.png?v=2", [96])).toEqual({ src: "/uploads/logo/abc.png?v=2" });
  });
});

describe("preferredImageFormat", () => {
  it.each([
    ["image/avif,image/webp,*/*", "avif"],
    ["image/webp,*/*", "webp"],
    ["image/avif;q=0,image/webp", "webp"],
    ["", "webp"],
  ] as const)("%j gets %s", (accept, format) => {
    expect(preferredImageFormat(accept)).toBe(format);
  });
});
