# Run by .ci/package-check as the ExecStart of a copy of octet-verify.service (through
# .ci/run-unit): shows that each restriction .ci/run-unit applies is in force, so that the server
# passing under it means something. Prints one line per restriction; exits 0 when all hold,
# then makes a system call outside the filter, which must kill it (SIGSYS).
import errno, mmap, os, socket, sys

failures = []


def expect(name, condition):
    print(("ok   " if condition else "FAIL ") + name, flush=True)
    if not condition:
        failures.append(name)


def refused(call, *errnos):
    try:
        call()
    except OSError as error:
        return error.errno in errnos
    return False


status = open("/proc/self/status").read()
expect("runs as the unit's user, not root", os.getuid() != 0 and os.geteuid() != 0)
expect("no capabilities in the bounding set", "CapBnd:\t0000000000000000" in status)
expect("no new privileges", "NoNewPrivs:\t1" in status)
expect("seccomp filters loaded", "Seccomp:\t2" in status)
expect("ProtectSystem=strict: /etc is read-only", refused(lambda: open("/etc/octet-probe", "w"), errno.EROFS))
expect("ProtectSystem=strict: /usr is read-only", refused(lambda: open("/usr/octet-probe", "w"), errno.EROFS))
expect("StateDirectory: /var/lib/octet is writable", open("/var/lib/octet/probe", "w").write("x") == 1)
expect("PrivateTmp: /tmp is empty and writable", os.listdir("/tmp") == [] and open("/tmp/probe", "w").write("x") == 1)
expect("ProtectHome: /root and /home are empty", os.listdir("/home") == [] and os.listdir("/root") == [])
expect("PrivateDevices: no block devices", not any(os.path.exists("/dev/" + d) for d in ("vda", "sda", "nvme0n1", "mem")))
expect("ProtectKernelTunables: /proc/sys and /sys read-only", refused(
    lambda: open("/proc/sys/kernel/hostname", "w"), errno.EROFS, errno.EACCES))
expect("RestrictAddressFamilies: AF_INET allowed", socket.socket(socket.AF_INET, socket.SOCK_STREAM).close() is None)
expect("RestrictAddressFamilies: AF_NETLINK refused", refused(
    lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW), errno.EAFNOSUPPORT))
expect("RestrictAddressFamilies: AF_PACKET refused", refused(
    lambda: socket.socket(socket.AF_PACKET, socket.SOCK_RAW), errno.EAFNOSUPPORT))
expect("MemoryDenyWriteExecute: no writable and executable mapping", refused(
    lambda: mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC), errno.EPERM))
expect("umask 0077", os.umask(0o077) == 0o077)
if failures:
    sys.exit(1)
# setpriority is in @resources, which the unit's SystemCallFilter= removes: SIGSYS.
os.setpriority(os.PRIO_PROCESS, 0, 1)
print("FAIL setpriority(2) was allowed", flush=True)
sys.exit(2)
