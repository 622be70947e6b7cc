// C++: a product inside an argument of std::calloc, in a function and in a
// template, whose instantiations could give the factors other types: the
// widened product is offered only outside templates.
// RUN: %check_calloc_tidy -std=c++17 %s calloc-unchecked-multiplication %t

#include <cstdint>
#include <cstdlib>

struct Pixel {
  std::uint8_t r, g, b, a;
};

/* Positive, with the fix: 32-bit sides parsed from text. */
Pixel *image(const char *w, const char *h) {
  std::uint32_t width = std::strtoul(w, nullptr, 10);
  std::uint32_t height = std::strtoul(h, nullptr, 10);
  return static_cast<Pixel *>(std::calloc(width * height, sizeof(Pixel)));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count 'width * height' of 'calloc' can overflow ('width * height' is computed in 'std::uint32_t') before 'calloc' checks the multiplication; use '(size_t)width * height', which computes it in 'size_t' [calloc-unchecked-multiplication]
  // CHECK-FIXES: return static_cast<Pixel *>(std::calloc((size_t)width * height, sizeof(Pixel)));
}

/* Positive, without a fix: in a template. */
template <typename Side> Pixel *image_of(const char *w, const char *h) {
  Side width = std::strtoul(w, nullptr, 10);
  Side height = std::strtoul(h, nullptr, 10);
  return static_cast<Pixel *>(std::calloc(width * height, sizeof(Pixel)));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: count 'width * height' of 'calloc' can overflow ('width * height' is computed in 'unsigned int') before 'calloc' checks the multiplication [calloc-unchecked-multiplication]
  // CHECK-FIXES: return static_cast<Pixel *>(std::calloc(width * height, sizeof(Pixel)));
}

Pixel *image32(const char *w, const char *h) {
  return image_of<std::uint32_t>(w, h);
}

/* Negative: the sides are limited first. */
Pixel *limited(const char *w, const char *h) {
  std::uint32_t width = std::strtoul(w, nullptr, 10);
  std::uint32_t height = std::strtoul(h, nullptr, 10);
  if (width > 8192 || height > 8192)
    return nullptr;
  return static_cast<Pixel *>(std::calloc(width * height, sizeof(Pixel)));
}
