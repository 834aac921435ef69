"""SciPy oracles for the Generator methods of GeneratorMoreTest: per case, the distribution's mean and
variance (NaN or Infinity, as Java writes them, where they do not exist) and its CDF at 41 fixed points (quantiles 0.01 .. 0.99 of the
distribution, each a point of the support), against which the test measures the largest gap of the
empirical CDF, a Kolmogorov-Smirnov statistic at those points. Run from the module root:
python3 src/test/python/make_random_fixtures2.py
Each line (tab-separated): case, method, parameters (space-separated), mean, variance, points, CDF values."""
import numpy as np
from scipy import stats

OUT = "src/test/resources/fixtures/random/distributions2.tsv"


def hyper(ngood, nbad, nsample):
    return stats.hypergeom(ngood + nbad, ngood, nsample)


def vonmises_law(mu, kappa):
    return stats.vonmises(kappa, loc=mu)


CASES = [
    # case, Java method, parameters, SciPy law; (the Java side draws with the same parameters)
    ("standardExponential", "standardExponential", [], stats.expon()),
    ("standardGamma(0.4)", "standardGamma", [0.4], stats.gamma(0.4)),
    ("standardGamma(6.5)", "standardGamma", [6.5], stats.gamma(6.5)),
    ("standardCauchy", "standardCauchy", [], stats.cauchy()),
    ("standardT(10)", "standardT", [10.0], stats.t(10.0)),
    ("standardT(1.5)", "standardT", [1.5], stats.t(1.5)),
    ("logistic", "logistic", [1.5, 0.8], stats.logistic(loc=1.5, scale=0.8)),
    ("gumbel", "gumbel", [-0.5, 2.0], stats.gumbel_r(loc=-0.5, scale=2.0)),
    ("pareto", "pareto", [4.5], stats.lomax(4.5)),
    ("power", "power", [2.5], stats.powerlaw(2.5)),
    ("power(0.3)", "power", [0.3], stats.powerlaw(0.3)),
    ("rayleigh", "rayleigh", [1.7], stats.rayleigh(scale=1.7)),
    ("wald", "wald", [1.3, 2.2], stats.invgauss(1.3 / 2.2, scale=2.2)),
    ("weibull", "weibull", [1.6], stats.weibull_min(1.6)),
    ("weibull(0.7)", "weibull", [0.7], stats.weibull_min(0.7)),
    ("vonmises", "vonmises", [0.0, 3.0], vonmises_law(0.0, 3.0)),
    ("vonmises(small kappa)", "vonmises", [0.0, 0.2], vonmises_law(0.0, 0.2)),
    ("triangular", "triangular", [-1.0, 0.5, 3.0], stats.triang((0.5 + 1.0) / 4.0, loc=-1.0, scale=4.0)),
    ("f", "f", [5.0, 12.0], stats.f(5.0, 12.0)),
    ("noncentralChisquare", "noncentralChisquare", [3.0, 2.5], stats.ncx2(3.0, 2.5)),
    ("noncentralChisquare(df < 1)", "noncentralChisquare", [0.6, 1.5], stats.ncx2(0.6, 1.5)),
    ("noncentralF", "noncentralF", [4.0, 15.0, 1.5], stats.ncf(4.0, 15.0, 1.5)),
    ("geometric", "geometric", [0.6], stats.geom(0.6)),
    ("geometric(0.05)", "geometric", [0.05], stats.geom(0.05)),
    ("negativeBinomial", "negativeBinomial", [4.5, 0.35], stats.nbinom(4.5, 0.35)),
    ("logseries", "logseries", [0.7], stats.logser(0.7)),
    ("logseries(0.97)", "logseries", [0.97], stats.logser(0.97)),
    ("zipf", "zipf", [2.3], stats.zipf(2.3)),
    ("zipf(4)", "zipf", [4.0], stats.zipf(4.0)),
    ("hypergeometric(small sample)", "hypergeometric", [7, 12, 6], hyper(7, 12, 6)),
    ("hypergeometric(hrua)", "hypergeometric", [300, 500, 150], hyper(300, 500, 150)),
    ("hypergeometric(hrua, good > bad)", "hypergeometric", [900, 200, 700], hyper(900, 200, 700)),
]


def fmt(v):
    v = float(v)
    if np.isnan(v):
        return "NaN"
    if np.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return repr(v)


rows = []
for case, method, params, law in CASES:
    mean, var = law.stats(moments="mv")
    q = np.linspace(0.01, 0.99, 41)
    x = np.unique(law.ppf(q))
    cdf = law.cdf(x)
    rows.append("\t".join([case, method, " ".join(fmt(p) for p in params), fmt(mean), fmt(var),
                           " ".join(fmt(v) for v in x), " ".join(fmt(v) for v in cdf)]))

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases to", OUT)
