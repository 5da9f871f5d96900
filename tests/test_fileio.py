"""Output files (`play --log`, `script export|sheet|import -o`) are written the normal way,
and a place that cannot be written is a one-line error with exit code 2, never a traceback."""
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest

from clocktower.errors import ClocktowerError
from clocktower.fileio import check_output_path, write_text
from conftest import one_line_error



def _others_can_read(path: Path) -> bool:
    """Can a user who is neither owner nor group read `path` (and reach it)?"""
    p = path.resolve()
    if not os.stat(p).st_mode & stat.S_IROTH:
        return False
    return all(os.stat(d).st_mode & stat.S_IXOTH for d in p.parents)


def as_nobody(fn):
    """Run `fn()` in a forked child as an unprivileged user when we are root (root may
    write anywhere), else in this process; its return value must be JSON."""
    if os.geteuid() != 0:
        return fn()
    import rich
    import typer
    import clocktower
    # The child may import modules the parent has not: it must be able to read them.
    for mod in (clocktower, rich, typer):
        if not _others_can_read(Path(mod.__file__).parent):
            pytest.skip(f"{Path(mod.__file__).parent} is not readable by an unprivileged user")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                      # the child
        try:
            os.close(r)
            os.setgid(65534)
            os.setuid(65534)
            out = json.dumps(fn())
            os.write(w, out.encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        data = f.read()
    os.waitpid(pid, 0)
    assert data, "the unprivileged child reported nothing"
    return json.loads(data)


@pytest.fixture
def shared_tmp():
    """A folder that an unprivileged user can reach (pytest's tmp_path is root's own)."""
    d = tempfile.mkdtemp(prefix="clocktower-fileio-")
    os.chmod(d, 0o755)
    yield Path(d)
    for p in Path(d).rglob("*"):
        if p.is_dir():
            os.chmod(p, 0o755)
    shutil.rmtree(d)


# --- play --log: checked before the game is played ---------------------------------------

def test_play_log_to_a_missing_folder_fails_before_the_game(cli, tmp_path):
    r = cli("play", "--players", 7, "--log", tmp_path / "nope" / "g.jsonl")
    one_line_error(r, "nope", "does not exist")
    assert "Night 1" not in r.output           # nothing narrated: the path was checked first


def test_play_log_to_a_folder_fails_before_the_game(cli, tmp_path):
    r = cli("play", "--players", 7, "--log", tmp_path)
    one_line_error(r, str(tmp_path), "is a folder")
    assert "Night 1" not in r.output


def test_play_log_to_an_unwritable_folder_fails_before_the_game(cli, shared_tmp):
    ro = shared_tmp / "ro"
    ro.mkdir()
    os.chmod(ro, 0o555)
    target = ro / "g.jsonl"

    def run():
        r = cli("play", "--players", 7, "--log", target)
        return [r.exit_code, r.output]

    code, output = as_nobody(run)
    assert code == 2, output
    assert output.startswith("error:") and str(target) in output and "permission" in output
    assert "Night 1" not in output and "Traceback" not in output
    assert not target.exists()


@pytest.fixture
def dev_full():
    """/dev/full; put back as the device it was if a regression replaced it with a file."""
    if not os.path.exists("/dev/full") or not stat.S_ISCHR(os.stat("/dev/full").st_mode):
        pytest.skip("no /dev/full device on this system")
    st = os.stat("/dev/full")
    yield
    if not stat.S_ISCHR(os.stat("/dev/full").st_mode) and os.geteuid() == 0:
        os.unlink("/dev/full")
        os.mknod("/dev/full", 0o666 | stat.S_IFCHR, st.st_rdev)
        os.chmod("/dev/full", 0o666)


def test_play_log_into_a_folder_nobody_may_write_fails_before_the_game(cli):
    """/proc/self takes no new files, even from root."""
    if not os.path.isdir("/proc/self") or os.access("/proc/self", os.W_OK):
        pytest.skip("no read-only /proc/self here")
    r = cli("play", "--players", 7, "--log", "/proc/self/g.jsonl")
    one_line_error(r, "/proc/self/g.jsonl", "permission denied")
    assert "Night 1" not in r.output
    r = cli("script", "export", "regalia", "-o", "/proc/self/r.json")
    one_line_error(r, "/proc/self/r.json", "permission denied")


def test_play_log_to_a_full_device_is_a_one_line_error(cli, dev_full):
    r = cli("play", "--players", 7, "--quiet", "--log", "/dev/full")
    one_line_error(r, "/dev/full", "No space left on device")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_play_log_is_written_with_the_umask(cli, tmp_path):
    old = os.umask(0o022)
    try:
        r = cli("play", "--players", 7, "--quiet", "--log", tmp_path / "g.jsonl")
    finally:
        os.umask(old)
    assert r.exit_code == 0, r.output
    assert stat.S_IMODE(os.stat(tmp_path / "g.jsonl").st_mode) == 0o644


# --- write_text and -o ------------------------------------------------------------------

@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        write_text(tmp_path / "f.json", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "f.json").st_mode) == mode


def test_an_existing_file_keeps_its_mode_and_is_replaced(tmp_path):
    f = tmp_path / "f.json"
    f.write_text("old")
    os.chmod(f, 0o640)
    before = os.stat(f).st_ino
    write_text(f, "new")
    assert f.read_text() == "new"
    assert stat.S_IMODE(os.stat(f).st_mode) == 0o640
    assert os.stat(f).st_ino != before               # replaced (a rename), not rewritten
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]     # no temporary file left


def test_a_symlink_is_written_through(cli, tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    r = cli("script", "export", "regalia", "-o", link)
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text())[0]["id"] == "_meta"


def test_a_relative_symlink_into_another_folder_is_written_through(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    link = tmp_path / "a" / "out.html"
    link.symlink_to("../b/real.html")                 # dangling for now: created through it
    write_text(link, "<p>")
    assert link.is_symlink() and (tmp_path / "b" / "real.html").read_text() == "<p>"
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["out.html"]


def test_dev_full_reports_no_space_and_stays_a_device(cli, dev_full):
    for cmd in ("export", "sheet"):
        r = cli("script", cmd, "regalia", "-o", "/dev/full")
        one_line_error(r, "/dev/full", "No space left on device")
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode), "/dev/full was replaced"


def test_dev_null_is_written_directly(tmp_path):
    write_text("/dev/null", "anything")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_is_written_directly(tmp_path):
    import threading
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
    reader.start()
    write_text(fifo, "through the pipe")
    reader.join(10)
    assert got == ["through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_import_to_a_missing_folder(cli, tmp_path):
    src = tmp_path / "s.json"
    src.write_text(json.dumps(["washerwoman", "imp"]))
    one_line_error(cli("script", "import", src, "-o", tmp_path / "no" / "o.json"),
                   "does not exist")


def test_export_to_an_unwritable_folder(cli, shared_tmp):
    ro = shared_tmp / "ro"
    ro.mkdir()
    os.chmod(ro, 0o555)

    def run():
        r = cli("script", "export", "regalia", "-o", ro / "r.json")
        return [r.exit_code, r.output]

    code, output = as_nobody(run)
    assert code == 2 and output.startswith("error:") and "permission" in output, output
    assert "Traceback" not in output and not (ro / "r.json").exists()


def test_write_into_a_read_only_file_is_an_error_not_a_replacement(shared_tmp):
    f = shared_tmp / "locked.json"
    f.write_text("keep")
    os.chmod(f, 0o444)
    os.chmod(shared_tmp, 0o777)

    def run():
        try:
            write_text(f, "new")
        except ClocktowerError as e:
            return str(e)
        return None

    msg = as_nobody(run)
    assert msg is not None and str(f) in msg and "permission" in msg
    assert f.read_text() == "keep"


def test_check_output_path_names_the_path_and_reason(tmp_path):
    with pytest.raises(ClocktowerError, match=r"g\.jsonl: the folder .*missing.* does not exist"):
        check_output_path(tmp_path / "missing" / "g.jsonl")
    (tmp_path / "file").write_text("")
    with pytest.raises(ClocktowerError, match=r"is not a folder"):
        check_output_path(tmp_path / "file" / "g.jsonl")
    with pytest.raises(ClocktowerError, match=r"is a folder"):
        check_output_path(tmp_path)
    check_output_path(tmp_path / "new.jsonl")
    assert not (tmp_path / "new.jsonl").exists()       # checking writes nothing


@pytest.mark.parametrize("cmd,name", [("export", "r.json"), ("sheet", "r.html")])
def test_script_output_gets_the_mode_the_umask_gives(cli, tmp_path, cmd, name):
    old = os.umask(0o022)
    try:
        r = cli("script", cmd, "regalia", "-o", tmp_path / name)
    finally:
        os.umask(old)
    assert r.exit_code == 0, r.output
    assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o644


def test_dev_stdout_into_a_pipe_is_written_through(tmp_path):
    """/dev/stdout links to /proc/self/fd/1, whose target is a pipe with no path: written
    through the link, never resolved and never replaced."""
    import subprocess
    import sys
    if not os.path.islink("/dev/stdout"):
        pytest.skip("/dev/stdout is not a symlink here")
    r = subprocess.run([sys.executable, "-c", "from clocktower.cli import main; main()",
                        "script", "export", "trouble-brewing", "-o", "/dev/stdout"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)[0] == {"id": "_meta", "name": "Trouble Brewing",
                                       "author": "The Pandemonium Institute"}
    assert os.path.islink("/dev/stdout")
