// Package httpx is the one HTTP layer of capirepo's remote destinations and sources
// (GitHub, GitLab, downloads): a client with timeouts, one retry policy that honours
// Retry-After and rate-limit headers within bounded attempts and total waiting,
// credentials sent only to their own origin (never across a redirect to another
// scheme, host or port), size-capped reads, and redaction that keeps the error chain
// so errors.Is still sees context.Canceled and context.DeadlineExceeded.
package httpx
