package dev.octet.geometry

/**
 * The inverse geodesic problem on the WGS84 ellipsoid: the length of the shortest path between two
 * points, after C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87:43–55 (2013), "the
 * paper" below.
 *
 * The problem is carried to the auxiliary sphere (reduced latitude β, spherical arc σ, spherical
 * longitude ω), where the distance integral I₁ and the longitude integral I₃ are written as
 * A·(σ + Fourier sine series), the coefficients (A₁, C₁ₗ, A₂, C₂ₗ, A₃, C₃ₗ) being the paper's
 * series in ε = (√(1+k²) − 1)/(√(1+k²) + 1) and the third flattening n, to sixth order. The
 * azimuth at the first point is found by Newton's method on λ₁₂(α₁), whose derivative is the
 * reduced length m₁₂ over cos α₂ cos β₂; it starts from the spherical solution, or for nearly
 * antipodal points from the paper's astroid approximation, and is kept inside a bracket (falling
 * back to bisection) so that it converges for every pair. Points on a common meridian and points
 * on the equator are solved directly.
 *
 * Numerically the solution is written for round-off: angles are reduced exactly in degrees before
 * conversion to radians, sines and cosines are carried instead of angles, differences of nearby
 * angles are formed from their sines and cosines, the longitude difference keeps its rounding
 * error, and the series are summed by Clenshaw's method. These choices, and the order of each
 * floating-point expression, are those of GeographicLib's `Geodesic::Inverse` (the paper's
 * reference implementation), so the two agree to a few units in the last place:
 * `kotlin/src/test/resources/geodesic-reference.tsv` pins 20 nm on over ten thousand pairs (5.6 nm
 * measured). The Swift library's `GeodesicInverse` is this one step for step.
 *
 * Never throws; NaN for a non-finite input or a latitude beyond ±90°.
 */
internal object GeodesicInverse {
    // WGS84, as defined: a = 6378137 m, 1/f = 298.257223563 (written as the quotient of two exact
    // integers, so the Double is the nearest to the defined value).
    private const val A = 6378137.0
    private val F = 1.0 / (298257223563.0 / 1000000000.0)
    private val F1 = 1.0 - F
    private val E2 = F * (2.0 - F)
    private val EP2 = E2 / (F1 * F1)
    private val N = F / (2.0 - F)
    private val B = A * F1

    private const val DEGREE = Math.PI / 180.0
    private val EPSILON = Math.ulp(1.0)
    /** Keeps a cosine at a pole positive, and tiny² still representable. */
    private val TINY = Math.sqrt(java.lang.Double.MIN_NORMAL)
    private val TOL1 = 200 * EPSILON
    private val TOL2 = Math.sqrt(EPSILON)
    private val XTHRESH = 1000 * TOL2
    /** Below this spherical arc, a short line is solved on the sphere of the mean latitude. */
    private val ETOL2 = 0.1 * TOL2 / Math.sqrt(Math.max(0.001, Math.abs(F)) * Math.min(1.0, 1.0 - F / 2) / 2)
    private const val NEWTON_STEPS = 20
    private const val ALL_STEPS = NEWTON_STEPS + 53 + 10

    /** A₃ as a polynomial in ε whose coefficients, polynomials in n, are evaluated once. */
    private val A3_IN_EPS: DoubleArray = doubleArrayOf(
        -3.0 / 128,
        (-2 * N - 3) / 64,
        ((-N - 3) * N - 1) / 16,
        ((3 * N - 1) * N - 2) / 8,
        (N - 1) / 2,
        1.0
    )

    /**
     * C₃ₗ, l = 1…5: the coefficients of εʲ, j = 5 down to l, as polynomials in n.
     * Row l − 1 holds the polynomial in ε of C₃ₗ / εˡ.
     */
    private val C3_IN_EPS: Array<DoubleArray> = arrayOf(
        doubleArrayOf(3.0 / 128, (2 * N + 5) / 128, ((3 - N) * N + 3) / 64, (1 - N * N) / 8, (1 - N) / 4),
        doubleArrayOf(5.0 / 256, (N + 3) / 128, ((-3 * N - 2) * N + 3) / 64, ((N - 3) * N + 2) / 32),
        doubleArrayOf(7.0 / 512, (9 - 10 * N) / 384, ((5 * N - 9) * N + 5) / 192),
        doubleArrayOf(7.0 / 512, (7 - 14 * N) / 512),
        doubleArrayOf(21.0 / 2560)
    )

    /** The geodesic distance in metres between two points given in degrees. */
    fun distance(lat1: Double, lon1: Double, lat2: Double, lon2: Double): Double {
        if (!(lat1.isFinite() && lon1.isFinite() && lat2.isFinite() && lon2.isFinite())) return Double.NaN
        if (Math.abs(lat1) > 90 || Math.abs(lat2) > 90) return Double.NaN
        return Solver().solve(lat1, lon1, lat2, lon2)
    }

    /** The state of one solution: the quantities λ₁₂(α₁) produces along the way. */
    private class Solver {
        var sbet1 = 0.0
        var cbet1 = 0.0
        var dn1 = 0.0
        var sbet2 = 0.0
        var cbet2 = 0.0
        var dn2 = 0.0
        var salp1 = 0.0
        var calp1 = 0.0
        var salp2 = 0.0
        var calp2 = 0.0
        var sig12 = 0.0
        var ssig1 = 0.0
        var csig1 = 0.0
        var ssig2 = 0.0
        var csig2 = 0.0
        var eps = 0.0
        var dlam12 = 0.0
        /** The mean of dn over the line, set by the short-line start. */
        var dnm = 0.0
        private val c1 = DoubleArray(7)
        private val c2 = DoubleArray(7)
        private val c3 = DoubleArray(6)

        fun solve(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double): Double {
            // λ₁₂ in [0°, 180°] with the rounding error of its subtraction kept apart.
            val difference = DoubleArray(2)
            angleDifference(longitude1, longitude2, difference)
            var lon12 = difference[0]
            var lon12Error = difference[1]
            if (signBit(lon12)) {
                lon12 = -lon12
                lon12Error = -lon12Error
            }
            val lam12 = lon12 * DEGREE
            val sinCos = DoubleArray(2)
            sinCosDegrees(lon12, lon12Error, true, sinCos)
            val slam12 = sinCos[0]
            val clam12 = sinCos[1]
            // 180° − λ₁₂: how far the pair is from the meridian through the antipode.
            val lon12Supplement = (180.0 - lon12) - lon12Error

            // Canonical order (Table 1 of the paper's symmetries): |φ₁| ≥ |φ₂| and φ₁ ≤ 0.
            var lat1 = roundTinyAngle(latitude1)
            var lat2 = roundTinyAngle(latitude2)
            if (Math.abs(lat1) < Math.abs(lat2)) {
                val swap = lat1
                lat1 = lat2
                lat2 = swap
            }
            if (!signBit(lat1)) {
                lat1 = -lat1
                lat2 = -lat2
            }

            // Reduced latitudes: tan β = (1 − f) tan φ, a pole's cosine kept positive.
            sinCosDegrees(lat1, 0.0, false, sinCos)
            var s = sinCos[0] * F1
            var c = sinCos[1]
            var r = Math.hypot(s, c)
            sbet1 = s / r
            cbet1 = Math.max(TINY, c / r)
            sinCosDegrees(lat2, 0.0, false, sinCos)
            s = sinCos[0] * F1
            c = sinCos[1]
            r = Math.hypot(s, c)
            sbet2 = s / r
            cbet2 = Math.max(TINY, c / r)
            // When |β₂| = |β₁| up to rounding, make it exact: the Newton iteration relies on it.
            if (cbet1 < -sbet1) {
                if (cbet2 == cbet1) sbet2 = Math.copySign(sbet1, sbet2)
            } else {
                if (Math.abs(sbet2) == -sbet1) cbet2 = cbet1
            }
            dn1 = Math.sqrt(1 + EP2 * (sbet1 * sbet1))
            dn2 = Math.sqrt(1 + EP2 * (sbet2 * sbet2))

            var meridian = lat1 == -90.0 || slam12 == 0.0
            var s12b = Double.NaN
            if (meridian) {
                // Both points on one meridian: α₁ = λ₁₂ (0 or 180°), α₂ = 0, and σ from tan β = tan σ cos α.
                calp1 = clam12
                salp1 = slam12
                ssig1 = sbet1
                csig1 = calp1 * cbet1
                ssig2 = sbet2
                csig2 = cbet2
                sig12 = Math.atan2(Math.max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
                val distance = lengthOverB(N)
                val reduced = reducedLengthOverB(N, true)
                if (sig12 < 1 || reduced >= 0) {
                    // The meridian is the shortest path (on an oblate ellipsoid it always is).
                    s12b = if (sig12 < 3 * TINY || (sig12 < EPSILON && (distance < 0 || reduced < 0))) 0.0 else distance
                } else {
                    meridian = false
                }
            }

            val result: Double
            if (!meridian && sbet1 == 0.0 && (F <= 0 || lon12Supplement >= F * 180)) {
                // Both points on the equator and no farther apart than (1 − f)·180°: the equator is the path.
                result = A * lam12
            } else if (!meridian) {
                val shortArc = startNewton(lam12, slam12, clam12)
                if (shortArc >= 0) {
                    result = shortArc * B * dnm
                } else {
                    solveAzimuth(slam12, clam12)
                    result = lengthOverB(eps) * B
                }
            } else {
                result = s12b * B
            }
            return 0.0 + result
        }

        /**
         * Newton's method on f(α₁) = λ₁₂(α₁) − λ₁₂. f has one root in (0, π) with a positive
         * slope there; a bracket around it shrinks with each evaluation, and whenever a Newton step
         * would leave (0, π) or the slope is not positive the next guess is the bracket's middle.
         */
        private fun solveAzimuth(slam12: Double, clam12: Double) {
            var salp1a = TINY
            var calp1a = 1.0
            var salp1b = TINY
            var calp1b = -1.0
            var nearlyConverged = false
            var bisectedToEnd = false
            var step = 0
            while (true) {
                val v = lambdaError(slam12, clam12, step < NEWTON_STEPS)
                if (bisectedToEnd || !(Math.abs(v) >= (if (nearlyConverged) 8 else 1) * EPSILON) || step == ALL_STEPS) break
                if (v > 0 && (step > NEWTON_STEPS || calp1 / salp1 > calp1b / salp1b)) {
                    salp1b = salp1
                    calp1b = calp1
                } else if (v < 0 && (step > NEWTON_STEPS || calp1 / salp1 < calp1a / salp1a)) {
                    salp1a = salp1
                    calp1a = calp1
                }
                if (step < NEWTON_STEPS && dlam12 > 0 && newtonStep(-v / dlam12)) {
                    // Near the root the slope may vanish: finish on ε rather than √ε.
                    nearlyConverged = Math.abs(v) <= 16 * EPSILON
                } else {
                    val ms = (salp1a + salp1b) / 2
                    val mc = (calp1a + calp1b) / 2
                    val norm = Math.hypot(ms, mc)
                    salp1 = ms / norm
                    calp1 = mc / norm
                    nearlyConverged = false
                    bisectedToEnd = Math.abs(salp1a - salp1) + (calp1a - calp1) < EPSILON ||
                        Math.abs(salp1 - salp1b) + (calp1 - calp1b) < EPSILON
                }
                step += 1
            }
        }

        /** Turns α₁ by [dalp1] when that keeps it inside (0, π); false (unchanged) otherwise. */
        private fun newtonStep(dalp1: Double): Boolean {
            if (!(Math.abs(dalp1) < Math.PI)) return false
            val sdalp1 = Math.sin(dalp1)
            val cdalp1 = Math.cos(dalp1)
            val nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
            if (!(nsalp1 > 0)) return false
            val ncalp1 = calp1 * cdalp1 - salp1 * sdalp1
            val norm = Math.hypot(nsalp1, ncalp1)
            salp1 = nsalp1 / norm
            calp1 = ncalp1 / norm
            return true
        }

        /**
         * λ₁₂(α₁) minus the target longitude difference (ω₁₂ less the I₃ correction), setting α₂,
         * σ₁, σ₂, σ₁₂ and ε, and with [wantSlope] the derivative dλ₁₂/dα₁ = (1 − f)·(m₁₂/b) /
         * (cos α₂ cos β₂) in [dlam12] (its limit on the meridian when cos α₂ = 0).
         */
        private fun lambdaError(slam120: Double, clam120: Double, wantSlope: Boolean): Double {
            if (sbet1 == 0.0 && calp1 == 0.0) calp1 = -TINY  // an equatorial start is not this case
            // Clairaut: sin α₀ = sin α₁ cos β₁.
            val salp0 = salp1 * cbet1
            val calp0 = Math.hypot(calp1, salp1 * sbet1)
            // tan β₁ = tan σ₁ cos α₁; tan ω₁ = sin α₀ tan σ₁.
            val somg1 = salp0 * sbet1
            val comg1 = calp1 * cbet1
            var r = Math.hypot(sbet1, comg1)
            ssig1 = sbet1 / r
            csig1 = comg1 / r
            salp2 = if (cbet2 != cbet1) salp0 / cbet2 else salp1
            // cos α₂ from sin α₂, written to avoid cancellation.
            calp2 = if (cbet2 != cbet1 || Math.abs(sbet2) != -sbet1) {
                val c = calp1 * cbet1
                Math.sqrt(
                    c * c + if (cbet1 < -sbet1) (cbet2 - cbet1) * (cbet1 + cbet2) else (sbet1 - sbet2) * (sbet1 + sbet2)
                ) / cbet2
            } else {
                Math.abs(calp1)
            }
            val somg2 = salp0 * sbet2
            val comg2 = calp2 * cbet2
            r = Math.hypot(sbet2, comg2)
            ssig2 = sbet2 / r
            csig2 = comg2 / r
            sig12 = Math.atan2(Math.max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
            val somg12 = Math.max(0.0, comg1 * somg2 - somg1 * comg2) + 0.0
            val comg12 = comg1 * comg2 + somg1 * somg2
            // ω₁₂ − λ₁₂(target), taken as one angle from sines and cosines.
            val eta = Math.atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
            val k2 = calp0 * calp0 * EP2
            eps = k2 / (2 * (1 + Math.sqrt(1 + k2)) + k2)
            fillC3(eps)
            val b312 = sinSeries(ssig2, csig2, c3, 5) - sinSeries(ssig1, csig1, c3, 5)
            val domg12 = -F * a3(eps) * salp0 * (sig12 + b312)
            if (wantSlope) {
                dlam12 = if (calp2 == 0.0) {
                    -2 * F1 * dn1 / sbet1
                } else {
                    reducedLengthOverB(eps, false) * (F1 / (calp2 * cbet2))
                }
            }
            return eta + domg12
        }

        /**
         * The starting α₁ for Newton's method. Returns σ₁₂ ≥ 0 when the line is so short that
         * the sphere of the mean latitude already solves it (then α₂ and [dnm] are set too), else −1.
         * For nearly antipodal points the spherical guess is poor; there α₁ comes from the astroid
         * equation, in the plane scaled so that the antipode is the origin.
         */
        private fun startNewton(lam12: Double, slam12: Double, clam12: Double): Double {
            var sig = -1.0
            val sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(β₂ − β₁)
            val cbet12 = cbet2 * cbet1 + sbet2 * sbet1
            val sbet12a = sbet2 * cbet1 + cbet2 * sbet1  // sin(β₂ + β₁)
            val shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
            var somg12: Double
            var comg12: Double
            if (shortLine) {
                // ω₁₂ = λ₁₂ / (1 − f)·w̄, with w̄ = dn at the mean reduced latitude.
                val sum = sbet1 + sbet2
                var sbetm2 = sum * sum
                val csum = cbet1 + cbet2
                sbetm2 /= sbetm2 + csum * csum
                dnm = Math.sqrt(1 + EP2 * sbetm2)
                val omg12 = lam12 / (F1 * dnm)
                somg12 = Math.sin(omg12)
                comg12 = Math.cos(omg12)
            } else {
                somg12 = slam12
                comg12 = clam12
            }
            // The spherical azimuth, cos α₁ written without cancellation.
            salp1 = cbet2 * somg12
            calp1 = if (comg12 >= 0) {
                sbet12 + cbet2 * sbet1 * (somg12 * somg12) / (1 + comg12)
            } else {
                sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
            }
            val ssig12 = Math.hypot(salp1, calp1)
            val csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
            if (shortLine && ssig12 < ETOL2) {
                // Really short: the great circle on the mean sphere is the answer.
                salp2 = cbet1 * somg12
                calp2 = sbet12 - cbet1 * sbet2 * (if (comg12 >= 0) somg12 * somg12 / (1 + comg12) else 1 - comg12)
                val r = Math.hypot(salp2, calp2)
                salp2 /= r
                calp2 /= r
                sig = Math.atan2(ssig12, csig12)
            } else if (Math.abs(N) > 0.1 || csig12 >= 0 || ssig12 >= 6 * Math.abs(N) * Math.PI * (cbet1 * cbet1)) {
                // Not nearly antipodal: the spherical guess stands.
            } else {
                // x = (λ₁₂ − π)/(f π cos β₁ A₃), y = (β₁ + β₂)/(f π cos² β₁ A₃).
                val lam12x = Math.atan2(-slam12, -clam12)
                val k2 = sbet1 * sbet1 * EP2
                val epsStart = k2 / (2 * (1 + Math.sqrt(1 + k2)) + k2)
                val lamscale = F * cbet1 * a3(epsStart) * Math.PI
                val betscale = lamscale * cbet1
                val x = lam12x / lamscale
                val y = sbet12a / betscale
                if (y > -TOL1 && x > -1 - XTHRESH) {
                    // On the cut through the antipode (y → 0): sin α₁ = −x.
                    salp1 = Math.min(1.0, -x)
                    calp1 = -Math.sqrt(1 - salp1 * salp1)
                } else {
                    // k from the astroid, then ω₁₂ and the spherical formula rather than α₁ directly.
                    val k = astroid(x, y)
                    val omg12a = lamscale * (-x * k / (1 + k))
                    somg12 = Math.sin(omg12a)
                    comg12 = -Math.cos(omg12a)
                    salp1 = cbet2 * somg12
                    calp1 = sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
                }
            }
            if (!(salp1 <= 0)) {
                val r = Math.hypot(salp1, calp1)
                salp1 /= r
                calp1 /= r
            } else {
                salp1 = 1.0
                calp1 = 0.0
            }
            return sig
        }

        /** s₁₂ / b = A₁ (σ₁₂ + B₁(σ₂) − B₁(σ₁)), B₁ the C₁ sine series. */
        private fun lengthOverB(epsilon: Double): Double {
            fillC1(epsilon)
            val a1 = 1 + a1m1(epsilon)
            val b1 = sinSeries(ssig2, csig2, c1, 6) - sinSeries(ssig1, csig1, c1, 6)
            return a1 * (sig12 + b1)
        }

        /**
         * m₁₂ / b, the reduced length (with J₁₂ from the I₁ and I₂ series): with [distanceToo] the
         * way it comes alongside the distance on a meridian, else from one combined series.
         */
        private fun reducedLengthOverB(epsilon: Double, distanceToo: Boolean): Double {
            fillC1(epsilon)
            fillC2(epsilon)
            val a1m1 = a1m1(epsilon)
            val a2m1 = a2m1(epsilon)
            val m0 = a1m1 - a2m1
            val a1 = 1 + a1m1
            val a2 = 1 + a2m1
            val j12: Double
            if (distanceToo) {
                val b1 = sinSeries(ssig2, csig2, c1, 6) - sinSeries(ssig1, csig1, c1, 6)
                val b2 = sinSeries(ssig2, csig2, c2, 6) - sinSeries(ssig1, csig1, c2, 6)
                j12 = m0 * sig12 + (a1 * b1 - a2 * b2)
            } else {
                for (l in 1..6) c2[l] = a1 * c1[l] - a2 * c2[l]
                j12 = m0 * sig12 + (sinSeries(ssig2, csig2, c2, 6) - sinSeries(ssig1, csig1, c2, 6))
            }
            return dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }

        /** C₁ₗ, l = 1…6: the paper's fractions over common denominators. */
        private fun fillC1(e: Double) {
            val e2 = e * e
            var d = e
            c1[1] = d * ((6 - e2) * e2 - 16) / 32
            d *= e
            c1[2] = d * ((64 - 9 * e2) * e2 - 128) / 2048
            d *= e
            c1[3] = d * (9 * e2 - 16) / 768
            d *= e
            c1[4] = d * (3 * e2 - 5) / 512
            d *= e
            c1[5] = d * -7 / 1280
            d *= e
            c1[6] = d * -7 / 2048
        }

        /** C₂ₗ, l = 1…6. */
        private fun fillC2(e: Double) {
            val e2 = e * e
            var d = e
            c2[1] = d * ((e2 + 2) * e2 + 16) / 32
            d *= e
            c2[2] = d * ((35 * e2 + 64) * e2 + 384) / 2048
            d *= e
            c2[3] = d * (15 * e2 + 80) / 768
            d *= e
            c2[4] = d * (7 * e2 + 35) / 512
            d *= e
            c2[5] = d * 63 / 1280
            d *= e
            c2[6] = d * 77 / 2048
        }

        /** C₃ₗ, l = 1…5. */
        private fun fillC3(e: Double) {
            var power = 1.0
            for (l in 1..5) {
                power *= e
                c3[l] = power * horner(C3_IN_EPS[l - 1], e)
            }
        }
    }

    /** A₁ − 1: ((1 + ε²/4 + ε⁴/64 + ε⁶/256) / (1 − ε)) − 1, arranged to keep ε's digits. */
    private fun a1m1(e: Double): Double {
        val e2 = e * e
        val t = ((e2 + 4) * e2 + 64) * e2 / 256
        return (t + e) / (1 - e)
    }

    /** A₂ − 1: ((1 − 3ε²/4 − 7ε⁴/64 − 11ε⁶/256) / (1 + ε)) − 1. */
    private fun a2m1(e: Double): Double {
        val e2 = e * e
        val t = ((-11 * e2 - 28) * e2 - 192) * e2 / 256
        return (t - e) / (1 + e)
    }

    /** A₃. */
    private fun a3(e: Double): Double = horner(A3_IN_EPS, e)

    /** A polynomial given from its highest coefficient down, by Horner's rule. */
    private fun horner(coefficients: DoubleArray, x: Double): Double {
        var y = coefficients[0]
        for (i in 1 until coefficients.size) y = y * x + coefficients[i]
        return y
    }

    /**
     * Σₗ₌₁..ₙ c[l] sin(2lσ) by Clenshaw summation, from sin σ and cos σ: the recurrence
     * runs on 2 cos 2σ and ends with sin 2σ = 2 sin σ cos σ.
     */
    private fun sinSeries(sinx: Double, cosx: Double, c: DoubleArray, count: Int): Double {
        val twoCos2x = 2 * (cosx - sinx) * (cosx + sinx)
        var index = count
        var y0 = if (count and 1 == 1) c[index--] else 0.0
        var y1 = 0.0
        var pairs = count / 2
        while (pairs-- > 0) {
            y1 = twoCos2x * y0 - y1 + c[index--]
            y0 = twoCos2x * y1 - y0 + c[index--]
        }
        return 2 * sinx * cosx * y0
    }

    /**
     * The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0, the astroid
     * problem, solved in closed form (as for geocentric latitude), each step arranged to avoid
     * cancellation.
     */
    private fun astroid(x: Double, y: Double): Double {
        val p = x * x
        val q = y * y
        val r = (p + q - 1) / 6
        if (q == 0.0 && r <= 0) return 0.0  // y = 0 and |x| ≤ 1: the root tends to 0.
        val s = p * q / 4
        val r2 = r * r
        val r3 = r * r2
        val disc = s * (s + 2 * r3)
        var u = r
        if (disc >= 0) {
            var t3 = s + r3
            // The square root's sign is chosen to make |t3| large; u does not depend on it.
            t3 += if (t3 < 0) -Math.sqrt(disc) else Math.sqrt(disc)
            val t = Math.cbrt(t3)
            u += t + if (t != 0.0) r2 / t else 0.0
        } else {
            // Three real roots: the one without cancellation.
            val angle = Math.atan2(Math.sqrt(-disc), -(s + r3))
            u += 2 * r * Math.cos(angle / 3)
        }
        val v = Math.sqrt(u * u + q)
        val uv = if (u < 0) q / (v - u) else u + v
        val w = (uv - q) / (2 * v)
        return uv / (Math.sqrt(uv + w * w) + w)
    }

    /** True for negative numbers and −0.0. */
    private fun signBit(x: Double): Boolean = java.lang.Double.doubleToRawLongBits(x) < 0

    /** s = a + b rounded, and out[1] = the exact error, so a + b = s + error (Knuth's two-sum). */
    private fun twoSum(a: Double, b: Double, out: DoubleArray) {
        val s = a + b
        var up = s - b
        var vpp = s - up
        up -= a
        vpp -= b
        out[0] = s
        out[1] = if (s != 0.0) 0.0 - (up + vpp) else s
    }

    /**
     * y − x reduced to [−180°, 180°] as out[0], with the rounding error of the difference in out[1]
     * (exact: the remainders are exact and the error is carried, not lost).
     */
    private fun angleDifference(x: Double, y: Double, out: DoubleArray) {
        twoSum(Math.IEEEremainder(-x, 360.0), Math.IEEEremainder(y, 360.0), out)
        val error = out[1]
        twoSum(Math.IEEEremainder(out[0], 360.0), error, out)
        val d = out[0]
        if (d == 0.0 || Math.abs(d) == 180.0) {
            // The sign of ±0 and ±180 comes from the difference itself.
            out[0] = Math.copySign(d, if (out[1] == 0.0) y - x else -out[1])
        }
    }

    /**
     * Rounds angles below 1/16° so that tiny values lose the bits that would make a pair of
     * nearly equatorial points behave as off-equator by rounding error alone; exact for 0.
     */
    private fun roundTinyAngle(x: Double): Double {
        val z = 1.0 / 16
        var y = Math.abs(x)
        val w = z - y
        y = if (w > 0) z - w else y
        return Math.copySign(y, x)
    }

    /**
     * sin and cos of x degrees into out[0], out[1], reducing x exactly to [−45°, 45°] first so that
     * multiples of 90° give exact zeros and ones; [withCorrection] adds t, a small correction, to the
     * reduced angle and rounds the sum as [roundTinyAngle] does. Exact at ±45° and ±30° there.
     */
    private fun sinCosDegrees(x: Double, t: Double, withCorrection: Boolean, out: DoubleArray) {
        val remainder = Math.IEEEremainder(x, 90.0)
        // x − remainder is an exact multiple of 90, so the quotient is an exact small integer.
        val quadrant = Math.round((x - remainder) / 90.0).toInt()
        val d = if (withCorrection) roundTinyAngle(remainder + t) else remainder
        val radians = d * DEGREE
        var s = Math.sin(radians)
        var c = Math.cos(radians)
        if (2 * Math.abs(d) == 90.0) {
            c = Math.sqrt(0.5)
            s = Math.copySign(c, radians)
        } else if (3 * Math.abs(d) == 90.0) {
            c = Math.sqrt(3.0) / 2
            s = Math.copySign(0.5, radians)
        }
        var sinx: Double
        val cosx: Double
        when (quadrant and 3) {
            0 -> { sinx = s; cosx = c }
            1 -> { sinx = c; cosx = -s }
            2 -> { sinx = -s; cosx = -c }
            else -> { sinx = -c; cosx = s }
        }
        if (sinx == 0.0) sinx = Math.copySign(sinx, x)
        out[0] = sinx
        out[1] = cosx + 0.0
    }
}
