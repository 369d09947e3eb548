# Independent reference for lib/stats/block_length.ts (tests/stats/block_length_test.ts):
# the Politis-White (2004) automatic block length with the Patton-Politis-White (2009)
# correction, written out by hand in R (the CRAN package np, whose b.star() it follows, is not
# installable here: Debian ships no r-cran-np and CRAN is unreachable). Single series use R's
# own acf() for the autocovariances, grouped series a plain double loop.
# Run: Rscript tests/stats/block_length_reference.R   (R 4.2.2 on Debian bookworm)

# Park-Miller minimal standard generator: every product is below 2^53, so R and JavaScript
# doubles give the same integers.
lcg <- function(seed, n) {
  u <- numeric(n); s <- seed
  for (i in 1:n) { s <- (16807 * s) %% 2147483647; u[i] <- s / 2147483647 }
  u
}
ar1 <- function(seed, n, phi) {
  e <- lcg(seed, n) - 0.5
  x <- numeric(n); x[1] <- e[1]
  if (n > 1) for (i in 2:n) x[i] <- phi * x[i - 1] + e[i]
  x
}
lam <- function(s) ifelse(abs(s) < 0.5, 1, ifelse(abs(s) <= 1, 2 * (1 - abs(s)), 0))

# Pooled within-group autocovariances R(0..mmax), each group centred on its own mean, divisor N.
pooled_acov <- function(groups, mmax) {
  N <- sum(sapply(groups, length))
  r <- numeric(mmax + 1)
  for (k in 0:mmax) {
    s <- 0
    for (x in groups) {
      z <- x - mean(x); n <- length(z)
      if (n > k) for (i in 1:(n - k)) s <- s + z[i] * z[i + k]
    }
    r[k + 1] <- s / N
  }
  r
}

bstar <- function(groups, single = FALSE) {
  N <- sum(sapply(groups, length))
  Kn <- max(5, ceiling(log10(N)))
  mmax <- ceiling(sqrt(N)) + Kn
  Bmax <- ceiling(min(3 * sqrt(N), N / 3))
  crit <- qnorm(0.975) * sqrt(log10(N) / N)
  if (single) {
    r <- as.vector(acf(groups[[1]], lag.max = mmax, type = "covariance", demean = TRUE,
                       plot = FALSE)$acf)
  } else {
    r <- pooled_acov(groups, mmax)
  }
  rho <- r[-1] / r[1]
  runs <- sapply(1:(mmax - Kn + 1), function(j) sum(abs(rho[j:(j + Kn - 1)]) < crit))
  if (any(runs == Kn)) {
    mhat <- which(runs == Kn)[1]
  } else if (any(abs(rho) >= crit)) {
    mhat <- max(which(abs(rho) >= crit))
  } else {
    mhat <- 1
  }
  M <- min(2 * mhat, mmax)
  k <- 1:M
  G <- 2 * sum(lam(k / M) * k * r[k + 1])
  g0 <- r[1] + 2 * sum(lam(k / M) * r[k + 1])
  b <- function(D) min((2 * G^2 / D)^(1 / 3) * N^(1 / 3), Bmax)
  c(stationary = b(2 * g0^2), circular = b(4 / 3 * g0^2), mhat = mhat, M = M, N = N,
    Bmax = Bmax)
}

show <- function(name, v) cat(name, ":", paste(sprintf("%.12g", v), collapse = " "), "\n")
show("ar1(seed 12345, n 500, phi 0.7)", bstar(list(ar1(12345, 500, 0.7)), single = TRUE))
show("ar1 same, by the pooled loop   ", bstar(list(ar1(12345, 500, 0.7))))
show("white(seed 777, n 300)         ", bstar(list(ar1(777, 300, 0)), single = TRUE))
show("ar1(seed 99, n 200, phi 0.97)  ", bstar(list(ar1(99, 200, 0.97)), single = TRUE))
g <- list(ar1(1, 120, 0.5), ar1(2, 80, 0.5) + 1000, ar1(3, 200, 0.5) - 50)
show("groups 120/80/200 phi 0.5      ", bstar(g))
