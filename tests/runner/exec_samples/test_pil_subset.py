"""exocc's PIL subset: PNG files to numpy arrays and back."""
import numpy as np
from PIL import Image


def test_png_round_trip(tmp_path):
    gray = np.array([[0, 64, 255], [1, 2, 3]], dtype=np.uint8)
    Image.fromarray(gray).save(tmp_path / "gray.png")
    img = Image.open(tmp_path / "gray.png")
    assert img.mode == "L" and img.size == (3, 2)
    back = np.asarray(img, dtype="float32")
    assert back.dtype == np.float32 and back.shape == (2, 3)
    assert back.tolist() == [[0.0, 64.0, 255.0], [1.0, 2.0, 3.0]]

    rgb = np.zeros(shape=(1, 2, 3), dtype=np.uint8)
    rgb[0, 1] = [10, 20, 30]
    Image.fromarray(rgb).save(tmp_path / "rgb.png")
    img = Image.open(tmp_path / "rgb.png")
    assert img.mode == "RGB"
    assert np.asarray(img).tolist() == [[[0, 0, 0], [10, 20, 30]]]
