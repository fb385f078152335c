// sin, cos, atan2, hypot and cbrt from the C library, which Swift's standard library does not have: not Foundation,
// which on Linux would bring swift-corelibs-foundation (and ICU) into the static verifier for five functions.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The inverse geodesic problem on the WGS84 ellipsoid: the length of the shortest path between two points, after
/// C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87:43–55 (2013), "the paper" below.
///
/// The problem is carried to the auxiliary sphere (reduced latitude β, spherical arc σ, spherical longitude ω), where
/// the distance integral I₁ and the longitude integral I₃ are written as A·(σ + Fourier sine series), the
/// coefficients (A₁, C₁ₗ, A₂, C₂ₗ, A₃, C₃ₗ) being the paper's series in ε and the third flattening n, to sixth order.
/// The azimuth at the first point is found by Newton's method on λ₁₂(α₁), whose derivative is the reduced length m₁₂
/// over cos α₂ cos β₂; it starts from the spherical solution, or for nearly antipodal points from the paper's astroid
/// approximation, and is kept inside a bracket (falling back to bisection) so that it converges for every pair, in
/// at most ``allSteps`` evaluations. Points on a common meridian and points on the equator are solved directly.
///
/// This is the Kotlin library's `GeodesicInverse` step for step: the same expressions in the same order, so the two
/// libraries agree to the last place wherever the C library's and the JVM's sin, cos, atan2, hypot and cbrt do (on
/// scripts/geodesic-table's 11,550 pairs, 2,457 distances differ, by 5.6 nm at most, from those functions alone),
/// and both stay within 20 nm of GeographicLib there. Never traps; NaN for a non-finite input or a latitude beyond
/// ±90°.
enum GeodesicInverse {
    // WGS84, as defined: a = 6378137 m, 1/f = 298.257223563 (the quotient of two exact integers, so the Double is
    // the nearest to the defined value).
    static let a = 6_378_137.0
    static let f = 1.0 / (298_257_223_563.0 / 1_000_000_000.0)
    static let f1 = 1.0 - f
    static let e2 = f * (2.0 - f)
    static let ep2 = e2 / (f1 * f1)
    static let n = f / (2.0 - f)
    static let b = a * f1

    static let degree = Double.pi / 180.0
    static let epsilon = Double.ulpOfOne
    /// Keeps a cosine at a pole positive, and tiny² still representable.
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol1 = 200 * epsilon
    static let tol2 = epsilon.squareRoot()
    static let xthresh = 1000 * tol2
    /// Below this spherical arc, a short line is solved on the sphere of the mean latitude.
    static let etol2 = 0.1 * tol2 / (max(0.001, abs(f)) * min(1.0, 1.0 - f / 2) / 2).squareRoot()
    static let newtonSteps = 20
    /// The cap on λ₁₂ evaluations: Newton's steps, then enough bisections to exhaust a Double's bits, and a margin.
    static let allSteps = newtonSteps + 53 + 10

    // A₃ as a polynomial in ε, and C₃ₗ / εˡ (l = 1…5) as polynomials in ε, highest power first: their coefficients,
    // polynomials in n, are evaluated once. Written out rather than looped, as is their use.
    static let a3x0 = -3.0 / 128, a3x1 = (-2 * n - 3) / 64, a3x2 = ((-n - 3) * n - 1) / 16
    static let a3x3 = ((3 * n - 1) * n - 2) / 8, a3x4 = (n - 1) / 2
    static let c31x0 = 3.0 / 128, c31x1 = (2 * n + 5) / 128, c31x2 = ((3 - n) * n + 3) / 64
    static let c31x3 = (1 - n * n) / 8, c31x4 = (1 - n) / 4
    static let c32x0 = 5.0 / 256, c32x1 = (n + 3) / 128, c32x2 = ((-3 * n - 2) * n + 3) / 64
    static let c32x3 = ((n - 3) * n + 2) / 32
    static let c33x0 = 7.0 / 512, c33x1 = (9 - 10 * n) / 384, c33x2 = ((5 * n - 9) * n + 5) / 192
    static let c34x0 = 7.0 / 512, c34x1 = (7 - 14 * n) / 512
    static let c35x0 = 21.0 / 2560

    /// The geodesic distance in metres between two points given in degrees.
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        guard lat1.isFinite, lon1.isFinite, lat2.isFinite, lon2.isFinite else { return .nan }
        guard abs(lat1) <= 90, abs(lat2) <= 90 else { return .nan }
        var solver = Solver()
        return solver.solve(lat1, lon1, lat2, lon2)
    }

    /// The coefficients c₁…c₆ of a sine series (a value type: no allocation per solution).
    struct Coefficients {
        var c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0
    }

    /// The state of one solution: the quantities λ₁₂(α₁) produces along the way.
    struct Solver {
        var sbet1 = 0.0, cbet1 = 0.0, dn1 = 0.0
        var sbet2 = 0.0, cbet2 = 0.0, dn2 = 0.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var sig12 = 0.0, ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0
        var eps = 0.0
        var dlam12 = 0.0
        /// The mean of dn over the line, set by the short-line start.
        var dnm = 0.0
        var c1 = Coefficients()
        var c2 = Coefficients()
        var c3 = Coefficients()

        mutating func solve(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
            -> Double
        {
            // λ₁₂ in [0°, 180°] with the rounding error of its subtraction kept apart.
            var (lon12, lon12Error) = angleDifference(longitude1, longitude2)
            if lon12.sign == .minus {
                lon12 = -lon12
                lon12Error = -lon12Error
            }
            let lam12 = lon12 * degree
            let (slam12, clam12) = sinCosDegrees(lon12, lon12Error, withCorrection: true)
            // 180° − λ₁₂: how far the pair is from the meridian through the antipode.
            let lon12Supplement = (180.0 - lon12) - lon12Error

            // Canonical order (Table 1 of the paper's symmetries): |φ₁| ≥ |φ₂| and φ₁ ≤ 0.
            var lat1 = roundTinyAngle(latitude1)
            var lat2 = roundTinyAngle(latitude2)
            if abs(lat1) < abs(lat2) { swap(&lat1, &lat2) }
            if lat1.sign != .minus {
                lat1 = -lat1
                lat2 = -lat2
            }

            // Reduced latitudes: tan β = (1 − f) tan φ, a pole's cosine kept positive.
            var (s, c) = sinCosDegrees(lat1, 0.0, withCorrection: false)
            s *= f1
            var r = hypot(s, c)
            sbet1 = s / r
            cbet1 = max(tiny, c / r)
            (s, c) = sinCosDegrees(lat2, 0.0, withCorrection: false)
            s *= f1
            r = hypot(s, c)
            sbet2 = s / r
            cbet2 = max(tiny, c / r)
            // When |β₂| = |β₁| up to rounding, make it exact: the Newton iteration relies on it.
            if cbet1 < -sbet1 {
                if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
            } else {
                if abs(sbet2) == -sbet1 { cbet2 = cbet1 }
            }
            dn1 = (1 + ep2 * (sbet1 * sbet1)).squareRoot()
            dn2 = (1 + ep2 * (sbet2 * sbet2)).squareRoot()

            var meridian = lat1 == -90.0 || slam12 == 0.0
            var s12b = Double.nan
            if meridian {
                // Both points on one meridian: α₁ = λ₁₂ (0 or 180°), α₂ = 0, and σ from tan β = tan σ cos α.
                calp1 = clam12
                salp1 = slam12
                ssig1 = sbet1
                csig1 = calp1 * cbet1
                ssig2 = sbet2
                csig2 = cbet2
                sig12 = atan2(max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
                let distance = lengthOverB(n)
                let reduced = reducedLengthOverB(n, distanceToo: true)
                if sig12 < 1 || reduced >= 0 {
                    // The meridian is the shortest path (on an oblate ellipsoid it always is).
                    s12b = sig12 < 3 * tiny || (sig12 < epsilon && (distance < 0 || reduced < 0)) ? 0.0 : distance
                } else {
                    meridian = false
                }
            }

            let result: Double
            if !meridian && sbet1 == 0.0 && (f <= 0 || lon12Supplement >= f * 180) {
                // Both points on the equator and no farther apart than (1 − f)·180°: the equator is the path.
                result = a * lam12
            } else if !meridian {
                let shortArc = startNewton(lam12, slam12, clam12)
                if shortArc >= 0 {
                    result = shortArc * b * dnm
                } else {
                    solveAzimuth(slam12, clam12)
                    result = lengthOverB(eps) * b
                }
            } else {
                result = s12b * b
            }
            return 0.0 + result
        }

        /// Newton's method on f(α₁) = λ₁₂(α₁) − λ₁₂, at most ``allSteps`` evaluations.
        ///
        /// f has one root in (0, π) with a positive slope there; a bracket around it shrinks with each evaluation,
        /// and whenever a Newton step would leave (0, π) or the slope is not positive the next guess is the
        /// bracket's middle. After ``newtonSteps`` only bisection runs, which halves the bracket each time, so it
        /// closes within about 53 more; the cap is a safety net, and at it the last α₁ (inside the bracket) stands.
        mutating func solveAzimuth(_ slam12: Double, _ clam12: Double) {
            var salp1a = tiny
            var calp1a = 1.0
            var salp1b = tiny
            var calp1b = -1.0
            var nearlyConverged = false
            var bisectedToEnd = false
            var step = 0
            while true {
                let v = lambdaError(slam12, clam12, wantSlope: step < newtonSteps)
                if bisectedToEnd || !(abs(v) >= (nearlyConverged ? 8 : 1) * epsilon) || step == allSteps { break }
                if v > 0 && (step > newtonSteps || calp1 / salp1 > calp1b / salp1b) {
                    salp1b = salp1
                    calp1b = calp1
                } else if v < 0 && (step > newtonSteps || calp1 / salp1 < calp1a / salp1a) {
                    salp1a = salp1
                    calp1a = calp1
                }
                if step < newtonSteps && dlam12 > 0 && newtonStep(-v / dlam12) {
                    // Near the root the slope may vanish: finish on ε rather than √ε.
                    nearlyConverged = abs(v) <= 16 * epsilon
                } else {
                    let ms = (salp1a + salp1b) / 2
                    let mc = (calp1a + calp1b) / 2
                    let norm = hypot(ms, mc)
                    salp1 = ms / norm
                    calp1 = mc / norm
                    nearlyConverged = false
                    bisectedToEnd =
                        abs(salp1a - salp1) + (calp1a - calp1) < epsilon
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < epsilon
                }
                step += 1
            }
        }

        /// Turns α₁ by `dalp1` when that keeps it inside (0, π); false (unchanged) otherwise.
        mutating func newtonStep(_ dalp1: Double) -> Bool {
            guard abs(dalp1) < Double.pi else { return false }
            let sdalp1 = sin(dalp1)
            let cdalp1 = cos(dalp1)
            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
            guard nsalp1 > 0 else { return false }
            let ncalp1 = calp1 * cdalp1 - salp1 * sdalp1
            let norm = hypot(nsalp1, ncalp1)
            salp1 = nsalp1 / norm
            calp1 = ncalp1 / norm
            return true
        }

        /// λ₁₂(α₁) minus the target longitude difference (ω₁₂ less the I₃ correction).
        ///
        /// Sets α₂, σ₁, σ₂, σ₁₂ and ε, and with `wantSlope` the derivative dλ₁₂/dα₁ = (1 − f)·(m₁₂/b) /
        /// (cos α₂ cos β₂) in `dlam12` (its limit on the meridian when cos α₂ = 0).
        mutating func lambdaError(_ slam120: Double, _ clam120: Double, wantSlope: Bool) -> Double {
            if sbet1 == 0.0 && calp1 == 0.0 { calp1 = -tiny }  // an equatorial start is not this case
            // Clairaut: sin α₀ = sin α₁ cos β₁.
            let salp0 = salp1 * cbet1
            let calp0 = hypot(calp1, salp1 * sbet1)
            // tan β₁ = tan σ₁ cos α₁; tan ω₁ = sin α₀ tan σ₁.
            let somg1 = salp0 * sbet1
            let comg1 = calp1 * cbet1
            var r = hypot(sbet1, comg1)
            ssig1 = sbet1 / r
            csig1 = comg1 / r
            salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
            // cos α₂ from sin α₂, written to avoid cancellation.
            if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
                let c = calp1 * cbet1
                let d = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
                calp2 = (c * c + d).squareRoot() / cbet2
            } else {
                calp2 = abs(calp1)
            }
            let somg2 = salp0 * sbet2
            let comg2 = calp2 * cbet2
            r = hypot(sbet2, comg2)
            ssig2 = sbet2 / r
            csig2 = comg2 / r
            sig12 = atan2(max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
            let somg12 = max(0.0, comg1 * somg2 - somg1 * comg2) + 0.0
            let comg12 = comg1 * comg2 + somg1 * somg2
            // ω₁₂ − λ₁₂(target), taken as one angle from sines and cosines.
            let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
            let k2 = calp0 * calp0 * ep2
            eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            fillC3(eps)
            let b312 = sinSeries5(ssig2, csig2, c3) - sinSeries5(ssig1, csig1, c3)
            let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)
            if wantSlope {
                dlam12 =
                    calp2 == 0.0
                    ? -2 * f1 * dn1 / sbet1
                    : reducedLengthOverB(eps, distanceToo: false) * (f1 / (calp2 * cbet2))
            }
            return eta + domg12
        }

        /// The starting α₁ for Newton's method.
        ///
        /// Returns σ₁₂ ≥ 0 when the line is so short that the sphere of the mean latitude already solves it (then
        /// α₂ and `dnm` are set too), else −1. For nearly antipodal points the spherical guess is poor; there α₁
        /// comes from the astroid equation, in the plane scaled so that the antipode is the origin.
        mutating func startNewton(_ lam12: Double, _ slam12: Double, _ clam12: Double) -> Double {
            var sig = -1.0
            let sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(β₂ − β₁)
            let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
            let sbet12a = sbet2 * cbet1 + cbet2 * sbet1  // sin(β₂ + β₁)
            let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
            var somg12: Double
            var comg12: Double
            if shortLine {
                // ω₁₂ = λ₁₂ / (1 − f)·w̄, with w̄ = dn at the mean reduced latitude.
                let sum = sbet1 + sbet2
                var sbetm2 = sum * sum
                let csum = cbet1 + cbet2
                sbetm2 /= sbetm2 + csum * csum
                dnm = (1 + ep2 * sbetm2).squareRoot()
                let omg12 = lam12 / (f1 * dnm)
                somg12 = sin(omg12)
                comg12 = cos(omg12)
            } else {
                somg12 = slam12
                comg12 = clam12
            }
            // The spherical azimuth, cos α₁ written without cancellation.
            salp1 = cbet2 * somg12
            calp1 =
                comg12 >= 0
                ? sbet12 + cbet2 * sbet1 * (somg12 * somg12) / (1 + comg12)
                : sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
            let ssig12 = hypot(salp1, calp1)
            let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
            if shortLine && ssig12 < etol2 {
                // Really short: the great circle on the mean sphere is the answer.
                salp2 = cbet1 * somg12
                calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
                let r = hypot(salp2, calp2)
                salp2 /= r
                calp2 /= r
                sig = atan2(ssig12, csig12)
            } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * Double.pi * (cbet1 * cbet1) {
                // Not nearly antipodal: the spherical guess stands.
            } else {
                // x = (λ₁₂ − π)/(f π cos β₁ A₃), y = (β₁ + β₂)/(f π cos² β₁ A₃).
                let lam12x = atan2(-slam12, -clam12)
                let k2 = sbet1 * sbet1 * ep2
                let epsStart = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                let lamscale = f * cbet1 * a3(epsStart) * Double.pi
                let betscale = lamscale * cbet1
                let x = lam12x / lamscale
                let y = sbet12a / betscale
                if y > -tol1 && x > -1 - xthresh {
                    // On the cut through the antipode (y → 0): sin α₁ = −x.
                    salp1 = min(1.0, -x)
                    calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    // k from the astroid, then ω₁₂ and the spherical formula rather than α₁ directly.
                    let k = astroid(x, y)
                    let omg12a = lamscale * (-x * k / (1 + k))
                    somg12 = sin(omg12a)
                    comg12 = -cos(omg12a)
                    salp1 = cbet2 * somg12
                    calp1 = sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
                }
            }
            if !(salp1 <= 0) {
                let r = hypot(salp1, calp1)
                salp1 /= r
                calp1 /= r
            } else {
                salp1 = 1.0
                calp1 = 0.0
            }
            return sig
        }

        /// s₁₂ / b = A₁ (σ₁₂ + B₁(σ₂) − B₁(σ₁)), B₁ the C₁ sine series.
        mutating func lengthOverB(_ epsilon: Double) -> Double {
            fillC1(epsilon)
            let a1 = 1 + a1m1(epsilon)
            let b1 = sinSeries6(ssig2, csig2, c1) - sinSeries6(ssig1, csig1, c1)
            return a1 * (sig12 + b1)
        }

        /// m₁₂ / b, the reduced length (with J₁₂ from the I₁ and I₂ series).
        ///
        /// With `distanceToo` the way it comes alongside the distance on a meridian, else from one combined series.
        mutating func reducedLengthOverB(_ epsilon: Double, distanceToo: Bool) -> Double {
            fillC1(epsilon)
            fillC2(epsilon)
            let a1m1 = a1m1(epsilon)
            let a2m1 = a2m1(epsilon)
            let m0 = a1m1 - a2m1
            let a1 = 1 + a1m1
            let a2 = 1 + a2m1
            let j12: Double
            if distanceToo {
                let b1 = sinSeries6(ssig2, csig2, c1) - sinSeries6(ssig1, csig1, c1)
                let b2 = sinSeries6(ssig2, csig2, c2) - sinSeries6(ssig1, csig1, c2)
                j12 = m0 * sig12 + (a1 * b1 - a2 * b2)
            } else {
                c2.c1 = a1 * c1.c1 - a2 * c2.c1
                c2.c2 = a1 * c1.c2 - a2 * c2.c2
                c2.c3 = a1 * c1.c3 - a2 * c2.c3
                c2.c4 = a1 * c1.c4 - a2 * c2.c4
                c2.c5 = a1 * c1.c5 - a2 * c2.c5
                c2.c6 = a1 * c1.c6 - a2 * c2.c6
                j12 = m0 * sig12 + (sinSeries6(ssig2, csig2, c2) - sinSeries6(ssig1, csig1, c2))
            }
            return dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }

        /// C₁ₗ, l = 1…6: the paper's fractions over common denominators.
        mutating func fillC1(_ e: Double) {
            let e2 = e * e
            var d = e
            c1.c1 = d * ((6 - e2) * e2 - 16) / 32
            d *= e
            c1.c2 = d * ((64 - 9 * e2) * e2 - 128) / 2048
            d *= e
            c1.c3 = d * (9 * e2 - 16) / 768
            d *= e
            c1.c4 = d * (3 * e2 - 5) / 512
            d *= e
            c1.c5 = d * -7 / 1280
            d *= e
            c1.c6 = d * -7 / 2048
        }

        /// C₂ₗ, l = 1…6.
        mutating func fillC2(_ e: Double) {
            let e2 = e * e
            var d = e
            c2.c1 = d * ((e2 + 2) * e2 + 16) / 32
            d *= e
            c2.c2 = d * ((35 * e2 + 64) * e2 + 384) / 2048
            d *= e
            c2.c3 = d * (15 * e2 + 80) / 768
            d *= e
            c2.c4 = d * (7 * e2 + 35) / 512
            d *= e
            c2.c5 = d * 63 / 1280
            d *= e
            c2.c6 = d * 77 / 2048
        }

        /// C₃ₗ, l = 1…5.
        mutating func fillC3(_ e: Double) {
            var power = 1.0
            power *= e
            c3.c1 = power * ((((c31x0 * e + c31x1) * e + c31x2) * e + c31x3) * e + c31x4)
            power *= e
            c3.c2 = power * (((c32x0 * e + c32x1) * e + c32x2) * e + c32x3)
            power *= e
            c3.c3 = power * ((c33x0 * e + c33x1) * e + c33x2)
            power *= e
            c3.c4 = power * (c34x0 * e + c34x1)
            power *= e
            c3.c5 = power * c35x0
        }
    }

    /// A₁ − 1: ((1 + ε²/4 + ε⁴/64 + ε⁶/256) / (1 − ε)) − 1, arranged to keep ε's digits.
    static func a1m1(_ e: Double) -> Double {
        let e2 = e * e
        let t = ((e2 + 4) * e2 + 64) * e2 / 256
        return (t + e) / (1 - e)
    }

    /// A₂ − 1: ((1 − 3ε²/4 − 7ε⁴/64 − 11ε⁶/256) / (1 + ε)) − 1.
    static func a2m1(_ e: Double) -> Double {
        let e2 = e * e
        let t = ((-11 * e2 - 28) * e2 - 192) * e2 / 256
        return (t - e) / (1 + e)
    }

    /// A₃.
    static func a3(_ e: Double) -> Double { ((((a3x0 * e + a3x1) * e + a3x2) * e + a3x3) * e + a3x4) * e + 1.0 }

    /// Σₗ₌₁..₆ cₗ sin(2lσ) by Clenshaw summation, from sin σ and cos σ.
    ///
    /// The recurrence runs on 2 cos 2σ and ends with sin 2σ = 2 sin σ cos σ.
    static func sinSeries6(_ sinx: Double, _ cosx: Double, _ c: Coefficients) -> Double {
        let twoCos2x = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0
        var y1 = 0.0
        y1 = twoCos2x * y0 - y1 + c.c6
        y0 = twoCos2x * y1 - y0 + c.c5
        y1 = twoCos2x * y0 - y1 + c.c4
        y0 = twoCos2x * y1 - y0 + c.c3
        y1 = twoCos2x * y0 - y1 + c.c2
        y0 = twoCos2x * y1 - y0 + c.c1
        return 2 * sinx * cosx * y0
    }

    /// Σₗ₌₁..₅ cₗ sin(2lσ), as ``sinSeries6(_:_:_:)``.
    static func sinSeries5(_ sinx: Double, _ cosx: Double, _ c: Coefficients) -> Double {
        let twoCos2x = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = c.c5
        var y1 = 0.0
        y1 = twoCos2x * y0 - y1 + c.c4
        y0 = twoCos2x * y1 - y0 + c.c3
        y1 = twoCos2x * y0 - y1 + c.c2
        y0 = twoCos2x * y1 - y0 + c.c1
        return 2 * sinx * cosx * y0
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0, the astroid problem.
    ///
    /// Solved in closed form (as for geocentric latitude), each step arranged to avoid cancellation.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        if q == 0.0 && r <= 0 { return 0.0 }  // y = 0 and |x| ≤ 1: the root tends to 0.
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            // The square root's sign is chosen to make |t3| large; u does not depend on it.
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0.0 ? r2 / t : 0.0)
        } else {
            // Three real roots: the one without cancellation.
            let angle = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    /// s = a + b rounded, and the exact error, so a + b = s + error (Knuth's two-sum).
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        var up = s - b
        var vpp = s - up
        up -= a
        vpp -= b
        return (s, s != 0.0 ? 0.0 - (up + vpp) : s)
    }

    /// y − x reduced to [−180°, 180°], with the rounding error of the difference (exact: the remainders are exact
    /// and the error is carried, not lost).
    static func angleDifference(_ x: Double, _ y: Double) -> (difference: Double, error: Double) {
        let first = twoSum((-x).remainder(dividingBy: 360.0), y.remainder(dividingBy: 360.0))
        var (d, error) = twoSum(first.sum.remainder(dividingBy: 360.0), first.error)
        if d == 0.0 || abs(d) == 180.0 {
            // The sign of ±0 and ±180 comes from the difference itself.
            d = Double(signOf: error == 0.0 ? y - x : -error, magnitudeOf: d)
        }
        return (d, error)
    }

    /// Rounds angles below 1/16° so that tiny values lose the bits that would make a pair of nearly equatorial
    /// points behave as off-equator by rounding error alone; exact for 0.
    static func roundTinyAngle(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        let w = z - y
        y = w > 0 ? z - w : y
        return Double(signOf: x, magnitudeOf: y)
    }

    /// sin and cos of x degrees, reducing x exactly to [−45°, 45°] first so that multiples of 90° give exact zeros
    /// and ones; `withCorrection` adds t, a small correction, to the reduced angle and rounds the sum as
    /// ``roundTinyAngle(_:)`` does. Exact at ±45° and ±30° there.
    static func sinCosDegrees(_ x: Double, _ t: Double, withCorrection: Bool) -> (sin: Double, cos: Double) {
        let remainder = x.remainder(dividingBy: 90.0)
        // x − remainder is an exact multiple of 90; its quotient's residue mod 4 (taken in Double, so that no
        // value converts out of Int's range) picks the quadrant.
        let quadrant = Int(((x - remainder) / 90.0).remainder(dividingBy: 4.0)) & 3
        let d = withCorrection ? roundTinyAngle(remainder + t) : remainder
        let radians = d * degree
        var s = sin(radians)
        var c = cos(radians)
        if 2 * abs(d) == 90.0 {
            c = 0.5.squareRoot()
            s = Double(signOf: radians, magnitudeOf: c)
        } else if 3 * abs(d) == 90.0 {
            c = 3.0.squareRoot() / 2
            s = Double(signOf: radians, magnitudeOf: 0.5)
        }
        var sinx: Double
        let cosx: Double
        switch quadrant {
        case 0: (sinx, cosx) = (s, c)
        case 1: (sinx, cosx) = (c, -s)
        case 2: (sinx, cosx) = (-s, -c)
        default: (sinx, cosx) = (-c, s)
        }
        if sinx == 0.0 { sinx = Double(signOf: x, magnitudeOf: sinx) }
        return (sinx, cosx + 0.0)
    }
}
