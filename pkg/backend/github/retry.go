package github

import "github.com/capirepo/capirepo/pkg/httpx"

// RetryPolicy says how often and how long API calls are retried: httpx's one policy
// (5 attempts, 2 minutes of total waiting, 1 s base backoff doubled per attempt and
// capped at 30 s; Retry-After and X-RateLimit-Reset honoured).
type RetryPolicy = httpx.Policy
